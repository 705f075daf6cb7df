import { LogOut, ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '@ahente/contract/messages';
import { serverReason } from '../../api/client';
import { useEndMemberSessionsMutation, useResetMemberMfaMutation } from '../settings';
import { useCurrentUser } from '../../api/session';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Notice, type NoticeTone } from '../../ui/notice';

type Action = 'sessions' | 'mfa';

const ENDED_NONE = 'The member had no sessions: nobody was signed out.';
const endedText = (ended: number) =>
  ended === 0 ? ENDED_NONE : ended === 1 ? 'The member was signed out of 1 session.' : `The member was signed out of ${ended} sessions.`;

/**
 * The sign-in sub-section of the admin edit modal (decision 027): "Sign out everywhere" ends every
 * session of the member; "Reset two-factor sign-in" turns their two-factor sign-in off (a lost
 * phone) and signs them out too. Each asks first, and both are recorded in the member's history.
 * The outcome is said in the dialog (toasts sit behind it for assistive technology).
 */
export function MemberSecurity({ memberId, memberName }: { memberId: number; memberName: string }) {
  return useCurrentUser().memberId === memberId ? (
    <OwnSecurityNote />
  ) : (
    <MemberSecurityActions memberId={memberId} memberName={memberName} />
  );
}

function OwnSecurityNote() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-4 text-slate-500" />
        Sign-in and sessions
      </h4>
      <p className="mt-1 text-sm text-slate-500">Your own sessions and two-factor sign-in are in Settings → Security.</p>
      <Link
        to="/settings/security"
        className="mt-3 inline-flex text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Go to Settings → Security
      </Link>
    </section>
  );
}

function MemberSecurityActions({ memberId, memberName }: { memberId: number; memberName: string }) {
  const endSessions = useEndMemberSessionsMutation();
  const resetMfa = useResetMemberMfaMutation();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string; detail?: string; seq: number } | null>(null);
  const say = (tone: NoticeTone, text: string, detail?: string) =>
    setNotice((current) => ({ tone, text, detail, seq: (current?.seq ?? 0) + 1 }));
  const headingId = useId();
  const busy = endSessions.isPending || resetMfa.isPending;

  const run = async (action: Action) => {
    setNotice(null);
    try {
      if (action === 'sessions') {
        const { ended } = await endSessions.mutateAsync(memberId);
        say('success', endedText(ended));
      } else {
        await resetMfa.mutateAsync(memberId);
        say('success', 'Two-factor sign-in was turned off and the member was signed out everywhere.');
      }
    } catch (error) {
      const reason = serverReason(error);
      const text = action === 'sessions' ? 'The member was not signed out.' : 'Two-factor sign-in was not reset.';
      say('error', text, reason ?? MSG.somethingWrong);
    } finally {
      setConfirming(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-4 text-slate-500" />
        Sign-in and sessions
      </h4>
      <p className="mt-1 text-sm text-slate-500">
        For a lost phone or a device the member no longer has. Both are recorded in the member&apos;s history.
      </p>
      {notice && (
        <Notice key={notice.seq} tone={notice.tone} detail={notice.detail} className="mt-3">
          {notice.text}
        </Notice>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirming('sessions')}>
          <LogOut aria-hidden="true" />
          Sign out everywhere
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirming('mfa')}>
          <ShieldOff aria-hidden="true" />
          Reset two-factor sign-in
        </Button>
      </div>
      <ConfirmDialog
        open={confirming === 'sessions'}
        onOpenChange={(open) => setConfirming(open ? 'sessions' : null)}
        title={`Sign ${memberName} out everywhere?`}
        description="Every session of the member ends at once, on every device. They can sign in again with their password."
        confirmLabel="Sign out everywhere"
        busy={endSessions.isPending}
        onConfirm={() => void run('sessions')}
      />
      <ConfirmDialog
        open={confirming === 'mfa'}
        onOpenChange={(open) => setConfirming(open ? 'mfa' : null)}
        title={`Reset ${memberName}'s two-factor sign-in?`}
        description="Their two-factor sign-in is turned off and their recovery codes stop working; every session of theirs ends. They sign in with their password alone until they turn it on again. Do this only once you are sure it is them asking (a lost phone)."
        confirmLabel="Reset two-factor sign-in"
        busy={resetMfa.isPending}
        onConfirm={() => void run('mfa')}
      />
    </section>
  );
}
