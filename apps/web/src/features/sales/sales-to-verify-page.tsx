import { Check, ClipboardCheck, X } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PRODUCT_CATALOGUE, PRODUCT_CATEGORIES } from '@ahente/contract/catalogue';
import { PRODUCT_CATEGORY_LABELS, PRODUCT_LABELS, productLabel } from '@ahente/contract/labels';
import { formatPeso, sumPesos } from '@ahente/contract/money';
import { verifySalesRequest, type SaleToVerify } from '@ahente/contract/sales';
import { Link } from 'react-router';
import { z } from 'zod';
import { serverReason } from '../../api/client';
import { useSalesToVerify, useVerifySales, type SalesToVerifyFilter } from './api';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import type { DateRange } from '../../lib/use-date-range-filter';
import { useShowMore } from '../../lib/use-show-more';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DateRangeFilter, isReversedRange } from '../../ui/date-range-filter';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { PageHeader } from '../../ui/page-header';
import { ReasonModal } from '../../ui/reason-modal';
import { Select } from '../../ui/select';
import { ShowMore } from '../../ui/show-more';
import { Totals } from '../../ui/stats';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Dash } from '../../ui/dash';
import { memberIdText } from '@ahente/contract/labels';

const COLUMNS = 9;
/** Nine columns fit a laptop with narrower cells and headings that may wrap; phones scroll the table. */
const DENSE_TABLE = '[&_td]:px-3 [&_th]:px-3 [&_th]:whitespace-normal';
const NO_FILTER: SalesToVerifyFilter = { insurer: '', product: '', agent: '', from: '', to: '' };
/** The agent's name is searched after a pause in typing. */
const AGENT_SEARCH_DELAY_MS = 300;
const checkboxClasses = 'size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-700 disabled:cursor-not-allowed';

/** The reason of a rejection: the contract's field (trimmed, at most 200 characters), and required. */
const rejectSchema = z
  .object({ reason: verifySalesRequest.shape.reason })
  .refine((v) => v.reason !== null, { path: ['reason'], message: 'Reason is required to reject' })
  .transform((v) => ({ reason: v.reason ?? '' }));

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-PH')} ${n === 1 ? one : many}`;

/**
 * /admin/verifysales 'Sales to verify' (decision 018): unverified sales across the agency, largest
 * TCV first, filtered by insurer, product, agent and effective date. The admin selects sales (one
 * by one or all listed) and verifies them, or rejects them with a reason; a decided sale leaves the
 * list. Commission on a sale posts only once it is verified. A sale is cancelled (decision 019)
 * from its agent's Sales in the Members List, which the header points to.
 */
export function SalesToVerifyPage() {
  const [filter, setFilter] = useState<SalesToVerifyFilter>(NO_FILTER);
  const [agentText, setAgentText] = useState('');
  const reversed = isReversedRange(filter.from, filter.to);
  const query = useSalesToVerify(filter, !reversed);
  const verify = useVerifySales();
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [rejecting, setRejecting] = useState<{ open: boolean; seq: number }>({ open: false, seq: 0 });

  const sales = useMemo(() => query.data?.sales ?? [], [query.data]);
  const page = useShowMore(sales);
  // What is selected is what is listed: a sale decided elsewhere, or filtered out, is neither counted
  // nor sent. A filter keeps the selection (typing a name does not undo the ticks made meanwhile).
  const chosen = useMemo(() => sales.filter((s) => selected.has(s.id)), [sales, selected]);
  const chosenTcv = useMemo(() => sumPesos(chosen.map((s) => s.tcv)), [chosen]);
  const busy = verify.isPending;

  const changeFilter = useCallback((patch: Partial<SalesToVerifyFilter>) => setFilter((current) => ({ ...current, ...patch })), []);
  useEffect(() => {
    const agent = agentText.trim();
    if (agent === filter.agent) return;
    const timer = window.setTimeout(() => changeFilter({ agent }), AGENT_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [agentText, filter.agent, changeFilter]);

  const range: DateRange = {
    from: filter.from,
    to: filter.to,
    setFrom: (from) => changeFilter({ from }),
    setTo: (to) => changeFilter({ to }),
    filtered: Boolean(filter.insurer || filter.product || filter.agent || agentText.trim() || filter.from || filter.to),
    clear: () => {
      setAgentText('');
      changeFilter(NO_FILTER);
    },
  };

  const toggle = useCallback((id: number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const allSelected = sales.length > 0 && chosen.length === sales.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen.length > 0 && !allSelected;
  }, [chosen.length, allSelected]);

  const selection = `${plural(chosen.length, 'sale', 'sales')} · ${formatPeso(chosenTcv)} TCV`;

  const decide = async (decision: 'verified' | 'rejected', reason?: string) => {
    if (busy || chosen.length === 0) return;
    try {
      const result = await verify.mutateAsync({ sale_ids: chosen.map((s) => s.id), decision, reason: reason ?? null });
      const what = `${plural(result.count, 'sale', 'sales')} (${formatPeso(result.tcv)} TCV)`;
      toast.success(decision === 'verified' ? `Verified ${what}.` : `Rejected ${what}.`);
      setSelected(new Set());
      setRejecting((current) => ({ ...current, open: false }));
    } catch (error) {
      // 409: another admin decided some of them first; nothing was changed and the list is read again.
      toast.error(serverReason(error) ?? `The sales could not be ${decision}. Please try again.`);
      setRejecting((current) => ({ ...current, open: false }));
    }
  };

  const listed = sales.length;
  const count = query.data?.count ?? 0;
  const refreshing = query.isPlaceholderData && query.isFetching;

  return (
    <>
      <PageHeader
        title="Sales to verify"
        description={
          <>
            Sales the agents recorded that the agency has not verified yet, largest TCV first. Their commission is paid only once they are
            verified. To cancel a sale, verified or not, choose Sales in its agent’s row of the{' '}
            <Link to="/admin/adminmembers" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Members List
            </Link>
            .
          </>
        }
      />

      <Card className="mb-5 p-4 sm:p-5">
        <form role="search" aria-label="Sales to verify" onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Field label="Insurer">
              <Select value={filter.insurer} onChange={(e) => changeFilter({ insurer: e.target.value })}>
                <option value="">All insurers</option>
                {insurerOptions(query.data?.insurers ?? [], filter.insurer).map((insurer) => (
                  <option key={insurer} value={insurer}>
                    {insurer}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Product">
              <Select value={filter.product} onChange={(e) => changeFilter({ product: e.target.value })}>
                <option value="">All products</option>
                {PRODUCT_CATEGORIES.map((category) => (
                  <optgroup key={category} label={PRODUCT_CATEGORY_LABELS[category]}>
                    {PRODUCT_CATALOGUE[category].map((product) => (
                      <option key={product} value={product}>
                        {PRODUCT_LABELS[product]}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            </Field>
            <Field label="Agent">
              <Input
                type="search"
                value={agentText}
                placeholder="Part of the agent's name"
                autoComplete="off"
                maxLength={100}
                onChange={(e) => setAgentText(e.target.value)}
              />
            </Field>
          </div>
          <DateRangeFilter range={range} fromLabel="Effective from" toLabel="Effective to" />
        </form>
        <Totals
          className="mt-5"
          query={query}
          loadingLabel="Loading totals…"
          errorMessage="The totals could not be loaded."
          listClassName="sm:max-w-xl"
          figures={[
            { label: 'Awaiting verification', value: count.toLocaleString('en-PH') },
            { label: 'Their TCV', value: formatPeso(query.data?.tcv ?? 0) },
          ]}
        />
        {query.data && count > listed && (
          <p className="mt-3 text-sm text-slate-600">
            {`Showing the ${listed.toLocaleString('en-PH')} largest of ${count.toLocaleString('en-PH')}. Verify these or narrow the filters to reach the rest.`}
          </p>
        )}
      </Card>

      <div
        role="group"
        aria-label="Selected sales"
        className="sticky top-16 z-10 mb-3 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur sm:flex-row sm:items-center sm:justify-between sm:px-5"
      >
        <p role="status" className="text-sm font-medium text-slate-800 tabular-nums">
          {chosen.length === 0
            ? 'No sale selected'
            : `${chosen.length.toLocaleString('en-PH')} selected · ${formatPeso(chosenTcv)} TCV selected`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void decide('verified')} disabled={chosen.length === 0} loading={busy && !rejecting.open}>
            {!(busy && !rejecting.open) && <Check aria-hidden="true" />}
            Verify
          </Button>
          <Button
            variant="outline"
            disabled={chosen.length === 0 || busy}
            onClick={() => setRejecting((current) => ({ open: true, seq: current.seq + 1 }))}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        </div>
      </div>

      <Card className="overflow-hidden">
        <TableScrollHint>Scroll the table sideways for every column.</TableScrollHint>
        <Table caption="Sales to verify" aria-busy={query.isPending || refreshing || undefined} className={DENSE_TABLE}>
          <TableHead>
            <tr>
              <TableHeaderCell className="w-10">
                <input
                  ref={selectAll}
                  type="checkbox"
                  className={checkboxClasses}
                  aria-label={`Select all ${plural(listed, 'sale', 'sales')} listed`}
                  checked={allSelected}
                  disabled={listed === 0 || busy}
                  onChange={(e) => {
                    const on = e.target.checked;
                    const listedIds = sales.map((s) => s.id);
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const id of listedIds) {
                        if (on) next.add(id);
                        else next.delete(id);
                      }
                      return next;
                    });
                  }}
                />
              </TableHeaderCell>
              <TableHeaderCell numeric>Sale</TableHeaderCell>
              <TableHeaderCell>Agent</TableHeaderCell>
              <TableHeaderCell>Customer</TableHeaderCell>
              <TableHeaderCell>Product</TableHeaderCell>
              <TableHeaderCell>Insurer / Policy Number</TableHeaderCell>
              <TableHeaderCell numeric>TCV</TableHeaderCell>
              <TableHeaderCell>Effective Date</TableHeaderCell>
              <TableHeaderCell>Recorded</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={query}
            loadingLabel="Loading sales to verify…"
            skeletonClassName={(column) => (column === 0 ? 'size-4' : column === 2 || column === 3 ? 'h-4 w-28' : 'h-4 w-14')}
            errorMessage="The sales to verify could not be loaded."
            empty={listed === 0}
            emptyIcon={<ClipboardCheck />}
            emptyTitle="No sales awaiting verification"
            emptyDescription={range.filtered ? 'No unverified sale matches these filters.' : 'Sales the agents record appear here.'}
          >
            {page.visible.map((sale) => (
              <SaleRow key={sale.id} sale={sale} checked={selected.has(sale.id)} disabled={busy} onToggle={toggle} />
            ))}
          </TableBodyStates>
        </Table>
        <ShowMore
          shown={page.visible.length}
          total={listed}
          next={page.next}
          expanded={page.expanded}
          noun="sales"
          onShowMore={page.showMore}
          onShowAll={page.showAll}
        />
      </Card>

      <ReasonModal
        key={rejecting.seq}
        open={rejecting.open}
        onOpenChange={(open) => setRejecting((current) => ({ ...current, open }))}
        title={`Reject ${plural(chosen.length, 'sale', 'sales')}`}
        description={`${selection}. The agent sees the reason; no commission is paid on a rejected sale, and its deal may be made into a sale again.`}
        hint="For example: no policy issued by the insurer, or the premium was not paid. At most 200 characters."
        confirmLabel={`Reject ${chosen.length === 1 ? 'sale' : 'sales'}`}
        schema={rejectSchema}
        multiline
        busy={busy}
        onConfirm={(reason) => void decide('rejected', reason)}
      />
    </>
  );
}

/** The insurers named on unverified sales, and the one chosen even once none is left to verify. */
function insurerOptions(insurers: readonly string[], current: string): string[] {
  return current && !insurers.includes(current) ? [current, ...insurers] : [...insurers];
}

const SaleRow = memo(function SaleRow({
  sale,
  checked,
  disabled,
  onToggle,
}: {
  sale: SaleToVerify;
  checked: boolean;
  disabled: boolean;
  onToggle: (id: number, on: boolean) => void;
}) {
  const recorded = formatTimestampParts(sale.createdat);
  return (
    <TableRow className={checked ? 'bg-brand-50/60 hover:bg-brand-50' : undefined}>
      <TableCell>
        <input
          type="checkbox"
          className={checkboxClasses}
          aria-label={`Select sale #${sale.id}, ${sale.customer_name}, ${formatPeso(sale.tcv)}`}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onToggle(sale.id, e.target.checked)}
        />
      </TableCell>
      <TableCell numeric className="text-slate-500">{`#${sale.id}`}</TableCell>
      <TableCell>
        {sale.agent_name}
        <span className="block text-xs text-slate-500">{memberIdText(sale.member_id)}</span>
      </TableCell>
      <TableCell className="min-w-32 font-medium text-slate-900">{sale.customer_name}</TableCell>
      <TableCell className="min-w-28">{productLabel(sale.product)}</TableCell>
      {/* One column for both, so that nine columns fit a 1280 px laptop without scrolling. */}
      <TableCell className="min-w-32">
        {sale.insurer ?? <Dash />}
        <span className="block text-xs whitespace-nowrap text-slate-500">{sale.policy_number ?? <Dash />}</span>
      </TableCell>
      <TableCell numeric className="font-medium whitespace-nowrap text-slate-900">
        {formatPeso(sale.tcv)}
        {/* Issue 45 §4: whether an imported insurer's statement has paid it (the evidence for verifying). */}
        <span className={`block text-xs font-normal whitespace-normal ${sale.statement_paid ? 'text-emerald-700' : 'text-slate-500'}`}>
          {sale.statement_paid ? 'Paid by statement' : 'Not on a statement'}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={sale.effective_date}>{formatCalendarDate(sale.effective_date)}</time>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={sale.createdat}>{recorded.date}</time>
        <span className="block text-xs text-slate-500">{recorded.time}</span>
      </TableCell>
    </TableRow>
  );
});
