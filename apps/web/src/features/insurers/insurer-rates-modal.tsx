import { useId, useState } from 'react';
import { PRODUCTS } from '@ahente/contract/catalogue';
import { formatRate } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import type { AdminInsurer } from '@ahente/contract/insurers';
import { serverReason } from '../../api/client';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { Select } from '../../ui/select';
import { toast } from '../../ui/toast';
import { useInsurerRates, useSetInsurerRate } from './api';

interface InsurerRatesModalProps {
  insurer: AdminInsurer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * An insurer's commission schedule for the agency (decision 037): per product, the percentage of the
 * premium the insurer pays the agency from a date; what the agency expects on a sale of that day.
 * Only added to: a new rate, even for the same date, is a new line of the history.
 */
export function InsurerRatesModal({ insurer, open, onOpenChange }: InsurerRatesModalProps) {
  const rates = useInsurerRates(insurer.id);
  const set = useSetInsurerRate();
  const formId = useId();
  const [product, setProduct] = useState('');
  const [rate, setRate] = useState('');
  const [from, setFrom] = useState(todayInManila());
  const [error, setError] = useState<string | null>(null);
  const busy = set.isPending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    try {
      const result = await set.mutateAsync({ insurer_id: insurer.id, product, rate, effective_from: from });
      toast.success(
        `${insurer.name}, ${result.rate.product}: ${formatRate(result.rate.rate)} from ${formatCalendarDate(result.rate.effective_from)}.`,
      );
      setRate('');
    } catch (err) {
      setError(serverReason(err) ?? 'Please try again.');
    }
  };

  const data = rates.data;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !(busy && !next) && onOpenChange(next)}
      title={`Commission Rates: ${insurer.name}`}
      description="What the insurer pays the agency, as a share of the premium, from a date. A sale is expected to earn the rate of its effective date."
      size="lg"
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Close
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[1fr_7rem_10rem_auto]">
        <Field label="Product">
          <Select
            value={product}
            onChange={(e) => setProduct(e.target.value)}
            placeholder="Choose a product"
            options={PRODUCTS.map((p) => ({ value: p, label: p }))}
            disabled={busy}
          />
        </Field>
        <Field label="Rate (%)">
          <Input value={rate} onChange={(e) => setRate(e.target.value)} inputMode="decimal" autoComplete="off" disabled={busy} />
        </Field>
        <Field label="Effective from">
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} disabled={busy} />
        </Field>
        <Button type="submit" loading={busy}>
          Add Rate
        </Button>
      </form>
      {error && (
        <Notice tone="error" className="mt-4" detail={error}>
          The rate was not saved.
        </Notice>
      )}

      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900">In force today</h3>
      {!data ? (
        <p className="text-sm text-slate-500">{rates.isError ? 'The rates could not be loaded.' : 'Loading…'}</p>
      ) : data.current.length === 0 ? (
        <p className="text-sm text-slate-500">No rate yet: nothing is expected of this insurer’s sales.</p>
      ) : (
        <ul className="flex flex-wrap gap-2 text-sm">
          {data.current.map((c) => (
            <li key={c.product} className="rounded-md bg-slate-100 px-2.5 py-1">
              <span className="font-medium text-slate-900">{c.product}</span>{' '}
              {c.rate === null ? (
                <span className="text-slate-500">from a later date</span>
              ) : (
                <span className="tabular-nums">{formatRate(c.rate)}</span>
              )}
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900">History</h3>
      {data && data.history.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {data.history.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
              <span>
                <span className="font-medium text-slate-900">{r.product}</span>{' '}
                <span className="font-semibold tabular-nums">{formatRate(r.rate)}</span>{' '}
                <span className="text-slate-600">from {formatCalendarDate(r.effective_from)}</span>
              </span>
              <span className="text-xs text-slate-500">
                Set {formatTimestampParts(r.created_at).date}
                {r.created_by_name ? ` by ${r.created_by_name}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No rate has been set.</p>
      )}
    </Modal>
  );
}
