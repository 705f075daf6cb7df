import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { productLabel } from '@ahente/contract/labels';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';
import { discardQueuedProposal, useProposalOutbox, type QueuedProposal } from './proposal-outbox';

/**
 * On /proposals, above the list: the proposals saved on this device with no signal and not on the
 * server yet (decision 028), each with its state as the Deals Table shows a queued deal's
 * ('Waiting to sync', 'Sending…', 'Not synced' with the server's reason), and Discard. Nothing when
 * the queue is empty.
 */
export function QueuedProposals() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const queue = useProposalOutbox(user.memberId);
  if (queue.length === 0) return null;
  return (
    <Card className="mb-5 p-4 sm:p-5" role="region" aria-labelledby="queued-proposals">
      <h2 id="queued-proposals" className="text-base font-semibold text-slate-900">
        {t('proposals.outbox.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('proposals.outbox.description')}</p>
      <ul className="mt-3 divide-y divide-slate-200" aria-label={t('proposals.outbox.caption')}>
        {queue.map((entry) => (
          <QueuedRow key={entry.id} entry={entry} />
        ))}
      </ul>
    </Card>
  );
}

function QueuedRow({ entry }: { entry: QueuedProposal }) {
  const { t } = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const client = entry.body.client.name;
  const discard = async () => {
    setBusy(true);
    try {
      await discardQueuedProposal(entry.id);
      toast.success(t('proposals.outbox.discarded'));
      setConfirming(false);
    } catch {
      toast.error(t('proposals.outbox.discardFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{client}</p>
        <p className="text-sm text-slate-600">{productLabel(entry.body.product)}</p>
        <Badge
          tone={entry.state === 'refused' ? 'danger' : entry.state === 'sending' ? 'info' : 'warning'}
          className="mt-1 whitespace-nowrap"
        >
          <CloudOff aria-hidden="true" className="size-3.5" />
          {t(`dealSync.${entry.state}`)}
        </Badge>
        {entry.state === 'refused' && entry.error && <p className="mt-1 text-xs text-red-700">{entry.error}</p>}
      </div>
      {entry.state !== 'sending' && (
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={t('proposals.outbox.discardOf', { client })}>
          {t('proposals.outbox.discard')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('proposals.outbox.discardTitle')}
        description={t('proposals.outbox.discardDescription', { client })}
        confirmLabel={t('proposals.outbox.discard')}
        busy={busy}
        onConfirm={() => void discard()}
      />
    </li>
  );
}
