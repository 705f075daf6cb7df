import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import type { SessionRecord } from '@ahente/contract/security';
import { isApiError } from '../../api/client';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessions } from '../../api/security';
import { useCurrentUser } from '../../api/session';
import { formatManilaDateTime } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { LoadError } from './load-error';
import { withReason } from './settings-errors';

const LOAD_FAILED = 'Your sessions could not be loaded.';
const END_FAILED = 'That session was not signed out.';
const END_OTHERS_FAILED = 'Your other sessions were not signed out.';

export function endedText(ended: number): string {
  if (ended === 0) return 'There were no other sessions to sign out.';
  return ended === 1 ? 'Signed out of 1 other session.' : `Signed out of ${ended} other sessions.`;
}

/**
 * Settings → Security → Sessions (issue 24 §4): every live session of the member, this device
 * first, with the device read from its browser, the address it signed in from, when it signed in
 * and was last seen (Philippine time); "Sign out" ends another one, "Sign out everywhere else"
 * (after a confirmation) all but this one.
 */
export function SessionsSection() {
  const user = useCurrentUser();
  const sessions = useSessions(user.user);
  const endOthers = useEndOtherSessionsMutation(user.user);
  const [confirming, setConfirming] = useState(false);

  const list = sessions.data ? [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = list.filter((s) => !s.current).length;

  const signOutOthers = async () => {
    try {
      const { ended } = await endOthers.mutateAsync();
      toast.success(endedText(ended));
    } catch (error) {
      toast.error(withReason(END_OTHERS_FAILED, error));
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
    body = <LoadError message={LOAD_FAILED} retrying={sessions.isFetching} onRetry={() => void sessions.refetch()} />;
  } else {
    body = (
      <>
        <ul aria-label="Sessions" className="flex flex-col divide-y divide-slate-100 rounded-lg ring-1 ring-slate-900/10 ring-inset">
          {list.map((session) => (
            <SessionItem key={session.id} session={session} memberId={user.user} />
          ))}
        </ul>
        {others === 0 && <p className="mt-3 text-sm text-slate-500">You are signed in on this device only.</p>}
      </>
    );
  }

  return (
    <CardSection
      title="Sessions"
      icon={<MonitorSmartphone />}
      description="Where you are signed in. Sign out a device you do not recognise, then change your password."
      aria-busy={sessions.isPending || undefined}
      actions={
        others > 0 ? (
          // The button sets its own display: the wrapper hides it on a phone.
          <div className="hidden sm:block">
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <LogOut aria-hidden="true" />
              Sign out everywhere else
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
          Sign out everywhere else
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere else?"
        description={
          others === 1
            ? 'Your 1 other session ends at once. You stay signed in on this device.'
            : `Your ${others} other sessions end at once. You stay signed in on this device.`
        }
        confirmLabel="Sign out everywhere else"
        busy={endOthers.isPending}
        onConfirm={() => void signOutOthers()}
      />
    </CardSection>
  );
}

function SessionItem({ session, memberId }: { session: SessionRecord; memberId: number }) {
  const end = useEndSessionMutation(memberId);

  const signOut = async () => {
    try {
      await end.mutateAsync(session.id);
      toast.success(`Signed out of ${session.device}.`);
    } catch (error) {
      // Already gone (it expired or was signed out elsewhere): the list is reloaded anyway.
      if (isApiError(error, 404)) toast.info('That session had already ended.');
      else toast.error(withReason(END_FAILED, error));
    }
  };

  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
      aria-label={session.current ? `${session.device} (this device)` : session.device}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-semibold text-slate-900">{session.device}</p>
          {session.current && (
            <Badge tone="success" dot>
              This device
            </Badge>
          )}
        </div>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-600">
          <dt className="text-slate-500">Address</dt>
          <dd className="[overflow-wrap:anywhere]">{session.ip ?? 'Unknown'}</dd>
          <dt className="text-slate-500">Signed in</dt>
          <dd>{formatManilaDateTime(session.created_at)}</dd>
          <dt className="text-slate-500">Last seen</dt>
          <dd>{session.current ? 'Now' : formatManilaDateTime(session.last_seen_at)}</dd>
        </dl>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" loading={end.isPending} onClick={() => void signOut()} className="self-start sm:self-center">
          {!end.isPending && <LogOut aria-hidden="true" />}
          Sign out
        </Button>
      )}
    </li>
  );
}
