import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { discardEntry, type DealSync } from './deal-outbox';
import { useLanguage } from '../../i18n';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';

/** A queued change's state under the customer's name (seen without scrolling on a phone), and the server's refusal. */
export function SyncNote({ sync }: { sync: DealSync }) {
  const { t } = useLanguage();
  return (
    <span className="mt-1 flex max-w-64 flex-col items-start gap-1">
      <Badge tone={sync.state === 'refused' ? 'danger' : sync.state === 'sending' ? 'info' : 'warning'} className="whitespace-nowrap">
        <CloudOff aria-hidden="true" className="size-3.5" />
        {t(`dealSync.${sync.state}`)}
      </Badge>
      {sync.state === 'refused' && sync.error && <span className="text-xs leading-snug font-normal text-red-700">{sync.error}</span>}
    </span>
  );
}

/** Fix (the edit form with the queued values) and Discard (confirmed) for a change the server refused. */
export function RefusedActions({ sync, customer, onFix }: { sync: DealSync; customer: string; onFix: () => void }) {
  const { t } = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const discard = async () => {
    setBusy(true);
    try {
      await discardEntry(sync.entry.id);
      toast.success(t('dealSync.discarded'));
      setConfirming(false);
    } catch {
      toast.error(t('dealSync.discardFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={onFix}>
        {t('dealSync.fix')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
        {t('dealSync.discard')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('dealSync.discardTitle')}
        description={sync.entry.kind === 'add' ? t('dealSync.discardAdd', { customer }) : t('dealSync.discardEdit', { customer })}
        confirmLabel={t('dealSync.discard')}
        busy={busy}
        onConfirm={() => void discard()}
      />
    </>
  );
}
