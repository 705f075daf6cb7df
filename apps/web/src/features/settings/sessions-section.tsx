import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import type { SessionRecord } from '@ahente/contract/security';
import { isApiError } from '../../api/client';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessions } from './security-api';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './security-i18n';
import { formatManilaDateTime } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { LoadError } from './load-error';
import { withReason } from './settings-errors';

/**
 * Settings → Security → Sessions (decision 027): every live session of the member, this device
 * first, with the device read from its browser, the address it signed in from, when it signed in
 * and was last seen (Philippine time); "Sign out" ends another one, "Sign out everywhere else"
 * (after a confirmation) all but this one.
 */
export function SessionsSection() {
  const { t } = useLanguage();
  const user = useCurrentUser();
  const sessions = useSessions(user.memberId);
  const endOthers = useEndOtherSessionsMutation(user.memberId);
  const [confirming, setConfirming] = useState(false);

  const list = sessions.data ? [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = list.filter((s) => !s.current).length;

  const signOutOthers = async () => {
    try {
      const { ended } = await endOthers.mutateAsync();
      toast.success(ended === 0 ? t('security.sessions.endedNone') : t('security.sessions.ended', { count: ended }));
    } catch (error) {
      toast.error(withReason(t('security.sessions.endOthersFailed'), error));
    } finally {
      setConfirming(false);
    }
  };

  let body;
  if (sessions.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-hidden="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (sessions.isError) {
    body = <LoadError message={t('security.sessions.loadFailed')} retrying={sessions.isFetching} onRetry={() => void sessions.refetch()} />;
  } else {
    body = (
      <>
        <ul
          aria-label={t('security.sessions.list')}
          className="flex flex-col divide-y divide-slate-100 rounded-lg ring-1 ring-slate-900/10 ring-inset"
        >
          {list.map((session) => (
            <SessionItem key={session.id} session={session} memberId={user.memberId} />
          ))}
        </ul>
        {others === 0 && <p className="mt-3 text-sm text-slate-500">{t('security.sessions.onlyThis')}</p>}
      </>
    );
  }

  return (
    <CardSection
      title={t('security.sessions.title')}
      icon={<MonitorSmartphone />}
      description={t('security.sessions.description')}
      aria-busy={sessions.isPending || undefined}
      actions={
        others > 0 ? (
          // The button sets its own display: the wrapper hides it on a phone.
          <div className="hidden sm:block">
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <LogOut aria-hidden="true" />
              {t('security.sessions.signOutOthers')}
            </Button>
          </div>
        ) : undefined
      }
    >
      {body}
      {others > 0 && (
        // On a phone the header has no room for it: it sits under the list, full width.
        <Button variant="outline" className="mt-4 w-full sm:hidden" onClick={() => setConfirming(true)}>
          <LogOut aria-hidden="true" />
          {t('security.sessions.signOutOthers')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('security.sessions.confirmTitle')}
        description={t('security.sessions.confirm', { count: others })}
        confirmLabel={t('security.sessions.signOutOthers')}
        cancelLabel={t('security.sessions.cancel')}
        busy={endOthers.isPending}
        onConfirm={() => void signOutOthers()}
      />
    </CardSection>
  );
}

function SessionItem({ session, memberId }: { session: SessionRecord; memberId: number }) {
  const { t } = useLanguage();
  const end = useEndSessionMutation(memberId);

  const signOut = async () => {
    try {
      await end.mutateAsync(session.id);
      toast.success(t('security.sessions.signedOut', { device: session.device }));
    } catch (error) {
      // Already gone (it expired or was signed out elsewhere): the list is reloaded anyway.
      if (isApiError(error, 404)) toast.info(t('security.sessions.alreadyEnded'));
      else toast.error(withReason(t('security.sessions.endFailed'), error));
    }
  };

  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
      aria-label={session.current ? t('security.sessions.thisDeviceLabel', { device: session.device }) : session.device}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-semibold text-slate-900">{session.device}</p>
          {session.current && (
            <Badge tone="success" dot>
              {t('security.sessions.thisDevice')}
            </Badge>
          )}
        </div>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-600">
          <dt className="text-slate-500">{t('security.sessions.address')}</dt>
          <dd className="[overflow-wrap:anywhere]">{session.ip ?? t('security.sessions.unknown')}</dd>
          <dt className="text-slate-500">{t('security.sessions.signedIn')}</dt>
          <dd>{formatManilaDateTime(session.created_at)}</dd>
          <dt className="text-slate-500">{t('security.sessions.lastSeen')}</dt>
          <dd>{session.current ? t('security.sessions.now') : formatManilaDateTime(session.last_seen_at)}</dd>
        </dl>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" loading={end.isPending} onClick={() => void signOut()} className="self-start sm:self-center">
          {!end.isPending && <LogOut aria-hidden="true" />}
          {t('security.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
