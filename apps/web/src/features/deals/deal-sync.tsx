import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { discardEntry, type DealSync } from '../../api/deal-outbox';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';

/** The toast of a deal saved with no signal (issue 25 §2); the spec's success texts stay for a deal sent at once. */
export const QUEUED_ON_DEVICE = 'Saved on this device. It will be sent when you are back online.';

const LABELS = { waiting: 'Waiting to sync', sending: 'Sending…', refused: 'Not synced' } as const;

/** A queued change's state under the customer's name (seen without scrolling on a phone), and the server's refusal. */
export function SyncNote({ sync }: { sync: DealSync }) {
  return (
    <span className="mt-1 flex max-w-64 flex-col items-start gap-1">
      <Badge tone={sync.state === 'refused' ? 'danger' : sync.state === 'sending' ? 'info' : 'warning'} className="whitespace-nowrap">
        <CloudOff aria-hidden="true" className="size-3.5" />
        {LABELS[sync.state]}
      </Badge>
      {sync.state === 'refused' && sync.error && <span className="text-xs leading-snug font-normal text-red-700">{sync.error}</span>}
    </span>
  );
}

/** Fix (the edit form with the queued values) and Discard (confirmed) for a change the server refused. */
export function RefusedActions({ sync, customer, onFix }: { sync: DealSync; customer: string; onFix: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const discard = async () => {
    setBusy(true);
    try {
      await discardEntry(sync.entry.id);
      toast.success('The change was discarded.');
      setConfirming(false);
    } catch {
      toast.error('The change could not be discarded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={onFix}>
        Fix
      </Button>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
        Discard
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard this change?"
        description={
          sync.entry.kind === 'add'
            ? `The new deal for ${customer} is deleted from this device and never sent.`
            : `Your edit of the deal for ${customer} is deleted from this device and never sent; the deal keeps its saved values.`
        }
        confirmLabel="Discard"
        busy={busy}
        onConfirm={() => void discard()}
      />
    </>
  );
}
