import { onlineManager } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../api/session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { clearOutbox, countPending } from './outbox';
import { clearPersistedQueries, markLogoutPending } from './query-persistence';

/** The question before logging out with deal changes that are not on the server yet. */
export function discardQuestion(count: number): string {
  return count === 1
    ? 'You have 1 change waiting to sync. Log out and discard it?'
    : `You have ${count} changes waiting to sync. Log out and discard them?`;
}

/**
 * Logging out clears the device (decision 028): the saved answers and the queue of deal changes.
 * With changes still waiting to sync, it asks first. `start` is the Logout button's action; render
 * `dialog` outside any popup that closes.
 */
export function useLogout() {
  const { signOut } = useSession();
  const [waiting, setWaiting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const logOut = async () => {
    setBusy(true);
    // With no signal the server cannot be told now: it is, as soon as the connection returns.
    if (!onlineManager.isOnline()) markLogoutPending();
    // The queue goes first: once the page shows the login form, a reload or the next sign-in may
    // come at once, and a queue whose clearing was cut off would then be sent, changes the agent
    // chose to discard (CI caught it: offline-shell.spec).
    await clearOutbox().catch(() => undefined);
    // The session's logout forgets the answers in memory; then the saved copies go.
    await signOut();
    await clearPersistedQueries().catch(() => undefined);
  };

  const start = async () => {
    setBusy(true);
    const count = await countPending().catch(() => 0);
    if (count > 0) {
      setBusy(false);
      setWaiting(count);
      return;
    }
    await logOut();
  };

  const dialog = (
    <ConfirmDialog
      open={waiting !== null}
      onOpenChange={(open) => {
        if (!open) setWaiting(null);
      }}
      title={discardQuestion(waiting ?? 0)}
      description="They were recorded on this device and are not on the server yet."
      confirmLabel="Log out"
      busy={busy}
      onConfirm={() => void logOut()}
    />
  );

  return { start, busy, dialog };
}
