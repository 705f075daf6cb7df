import { useMemo, useState } from 'react';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import type { StatementLineRecord } from '@ahente/contract/reconciliation';
import { serverReason } from '../../api/client';
import { formatCalendarDate } from '../../lib/dates';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { toast } from '../../ui/toast';
import { useMatchLine, useMissingCommissions } from './api';

/** The most sales the list shows at once: the search narrows it. */
const SHOWN = 30;

/**
 * 'Match line n to a sale': the insurer's sales no statement has named yet (missingcommissions with
 * no waiting days), searched by customer, policy number or sale number; choosing one matches the
 * line by hand (recorded with who, when and why on the server).
 */
export function MatchLineModal({
  line,
  insurerId,
  open,
  onOpenChange,
}: {
  line: StatementLineRecord;
  insurerId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const sales = useMissingCommissions({ insurer_id: insurerId, older_than_days: 0 }, open);
  const match = useMatchLine();
  const [text, setText] = useState(line.insured_name ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const found = useMemo(() => {
    const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const rows = sales.data?.rows ?? [];
    return rows.filter((r) => {
      const hay = `${r.sale_id} ${r.customer_name} ${r.policy_number ?? ''} ${r.agent_name}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    });
  }, [sales.data, text]);

  const choose = async (saleId: number) => {
    setFailure(null);
    try {
      await match.mutateAsync({ line_id: line.id, sale_id: saleId });
      toast.success(`Line ${line.row_no} matched to sale #${saleId}`);
      onOpenChange(false);
    } catch (error) {
      setFailure(serverReason(error) ?? 'The line could not be matched. Please try again.');
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !match.isPending && onOpenChange(next)}
      title={`Match line ${line.row_no} to a sale`}
      description={`${line.policy_no}${line.insured_name ? ` · ${line.insured_name}` : ''} · ${formatPeso(line.received)} received`}
      footer={
        <>
          {failure && (
            <Notice tone="error" className="mr-auto w-full sm:w-auto sm:max-w-xs sm:flex-1">
              {failure}
            </Notice>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={match.isPending}>
            Close
          </Button>
        </>
      }
    >
      <Field
        label="Search the insurer's sales"
        hint="Customer, policy number, agent or sale number. Sales already on a statement are not listed."
      >
        <Input type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" maxLength={100} />
      </Field>
      <div className="mt-3" aria-busy={sales.isPending || undefined}>
        {sales.isPending ? (
          <p className="text-sm text-slate-600">Loading the sales…</p>
        ) : sales.isError ? (
          <p className="text-sm text-red-700">{serverReason(sales.error) ?? 'The sales could not be loaded.'}</p>
        ) : found.length === 0 ? (
          <p className="text-sm text-slate-600">No sale of this insurer matches the search.</p>
        ) : (
          <ul className="flex max-h-80 flex-col divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200">
            {found.slice(0, SHOWN).map((s) => (
              <li key={s.sale_id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">{`#${s.sale_id} · ${s.customer_name}`}</p>
                  <p className="text-xs text-slate-600">
                    {`${s.policy_number ?? 'No policy number'} · ${productLabel(s.product)} · ${formatPeso(s.tcv)} · `}
                    <time dateTime={s.effective_date}>{formatCalendarDate(s.effective_date)}</time>
                    {` · ${s.agent_name}`}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void choose(s.sale_id)}
                  loading={match.isPending && match.variables?.sale_id === s.sale_id}
                >
                  Match
                  <span className="sr-only">{` to sale #${s.sale_id}`}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        {found.length > SHOWN && <p className="mt-2 text-xs text-slate-500">{`${found.length - SHOWN} more: narrow the search.`}</p>}
      </div>
    </Modal>
  );
}
