import { Ban, ReceiptText, Search } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { MemberListRecord } from '@ahente/contract/members';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso, sumPesos } from '@ahente/contract/money';
import { COUNTED_SALES_NOTE, type SaleRecord } from '@ahente/contract/sales';
import { countsAsSale } from '@ahente/contract/sales-rules';
import { useSales } from './api';
import { formatCalendarDate } from '../../lib/dates';
import { fullName } from '@ahente/contract/names';
import { useShowMore } from '../../lib/use-show-more';
import { Button } from '../../ui/button';
import { Dash } from '../../ui/dash';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { ShowMore } from '../../ui/show-more';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { CancelSaleModal } from './cancel-sale-modal';
import { SaleStateBadge, VerificationDetails } from './sale-format';
import { memberIdText } from '@ahente/contract/labels';

const COLUMNS = 7;
const DENSE_TABLE = '[&_td]:px-3 [&_th]:px-3 [&_th]:whitespace-normal';

/** A sale may be cancelled unless it was rejected or is cancelled already (decision 019). */
export const canCancel = (sale: Pick<SaleRecord, 'verification' | 'cancelled_on'>) =>
  sale.verification !== 'rejected' && sale.cancelled_on === null;

/** Whether a sale's customer, policy number, insurer or id holds `text` (any case). */
function matches(sale: SaleRecord, text: string): boolean {
  if (!text) return true;
  const needle = text.toLowerCase();
  return [sale.customer_name, sale.policy_number, sale.insurer, `#${sale.id}`, String(sale.id)].some((v) =>
    v?.toLowerCase().includes(needle),
  );
}

interface MemberSalesModalProps {
  member: MemberListRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The Members List's 'Sales' (decision 019, admins): every sale of one member as they see it,
 * newest effective date first, found by customer, policy number or sale id, with its verification
 * or cancellation; 'Cancel sale' on each sale that is neither rejected nor cancelled already,
 * verified or not.
 */
export function MemberSalesModal({ member, open, onOpenChange }: MemberSalesModalProps) {
  const sales = useSales(member.id);
  const [text, setText] = useState('');
  const [cancelling, setCancelling] = useState<{ sale: SaleRecord; open: boolean; seq: number; done: boolean } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const all = useMemo(() => sales.data ?? [], [sales.data]);
  const rows = useMemo(() => all.filter((s) => matches(s, text.trim())), [all, text]);
  const counted = useMemo(() => all.filter(countsAsSale), [all]);
  const countedTcv = useMemo(() => sumPesos(counted.map((s) => s.tcv)), [counted]);
  const page = useShowMore(rows);
  const name = fullName(member);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Sales of ${name}`}
      description={`${memberIdText(member.id)}. Cancel a sale when the insurer cancels its policy: its commission is taken back.`}
      size="xl"
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <Field label="Find a sale" className="sm:w-80">
            <Input
              ref={searchRef}
              type="search"
              leading={<Search />}
              value={text}
              placeholder="Customer, policy number or sale #"
              autoComplete="off"
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          {sales.isSuccess && (
            <div className="text-sm text-slate-700 sm:text-right">
              <p className="font-medium tabular-nums">
                {`${counted.length.toLocaleString('en-PH')} ${counted.length === 1 ? 'sale' : 'sales'} · ${formatPeso(countedTcv)} TCV`}
              </p>
              <p className="text-xs text-slate-500">{COUNTED_SALES_NOTE}</p>
            </div>
          )}
        </div>

        <div className="-mx-4 overflow-hidden border-y border-slate-200 sm:mx-0 sm:rounded-lg sm:border">
          <TableScrollHint>Scroll the table sideways for every column; the action stays at the right.</TableScrollHint>
          <Table caption={`Sales of ${name}`} aria-busy={sales.isPending || undefined} className={DENSE_TABLE}>
            <TableHead>
              <tr>
                <TableHeaderCell numeric>Sale</TableHeaderCell>
                <TableHeaderCell>Customer</TableHeaderCell>
                <TableHeaderCell>Insurer / Policy Number</TableHeaderCell>
                <TableHeaderCell numeric>TCV</TableHeaderCell>
                <TableHeaderCell>Effective Date</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell sticky>Action</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBodyStates
              columns={COLUMNS}
              query={sales}
              loadingLabel="Loading sales…"
              skeletonClassName={(column) => (column === 1 || column === 5 ? 'h-4 w-28' : 'h-4 w-14')}
              errorMessage="The member's sales could not be loaded."
              empty={rows.length === 0}
              emptyIcon={<ReceiptText />}
              emptyTitle={all.length === 0 ? 'No sales yet' : 'No sale matches'}
              emptyDescription={all.length === 0 ? `${name} has not recorded a sale.` : `No sale of ${name} holds “${text.trim()}”.`}
            >
              {page.visible.map((sale) => (
                <TableRow key={sale.id}>
                  <TableCell numeric className="text-slate-500">{`#${sale.id}`}</TableCell>
                  <TableCell className="min-w-32">
                    <span className="font-medium text-slate-900">{sale.customer_name}</span>
                    <span className="block text-xs text-slate-500">{productLabel(sale.product)}</span>
                    {/* On a phone TCV and Status are off to the side: repeated here (read once, from their columns). */}
                    <span aria-hidden="true" className="mt-1 flex flex-col items-start gap-1 md:hidden">
                      <span className="text-xs text-slate-600 tabular-nums">{formatPeso(sale.tcv)}</span>
                      <SaleStateBadge sale={sale} />
                    </span>
                  </TableCell>
                  <TableCell className="min-w-28">
                    {sale.insurer ?? <Dash />}
                    <span className="block text-xs whitespace-nowrap text-slate-500">{sale.policy_number ?? <Dash />}</span>
                  </TableCell>
                  <TableCell numeric className="whitespace-nowrap">
                    {formatPeso(sale.tcv)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={sale.effective_date}>{formatCalendarDate(sale.effective_date)}</time>
                  </TableCell>
                  <TableCell className="max-w-64 min-w-40">
                    <VerificationDetails sale={sale} />
                  </TableCell>
                  <TableCell sticky>
                    {canCancel(sale) ? (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Cancel sale #${sale.id}, ${sale.customer_name}`}
                        onClick={() => setCancelling((current) => ({ sale, open: true, seq: (current?.seq ?? 0) + 1, done: false }))}
                      >
                        <Ban aria-hidden="true" />
                        Cancel sale
                      </Button>
                    ) : (
                      <Dash />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBodyStates>
          </Table>
          <ShowMore
            shown={page.visible.length}
            total={rows.length}
            next={page.next}
            expanded={page.expanded}
            noun="sales"
            onShowMore={page.showMore}
            onShowAll={page.showAll}
          />
        </div>
      </div>

      {cancelling && (
        <CancelSaleModal
          key={cancelling.seq}
          sale={cancelling.sale}
          open={cancelling.open}
          // Once cancelled, the row's button is gone: focus goes back to the search box.
          finalFocus={cancelling.done ? searchRef : undefined}
          onCancelled={() => setCancelling((current) => (current ? { ...current, done: true } : current))}
          onOpenChange={(next) => setCancelling((current) => (current ? { ...current, open: next } : current))}
        />
      )}
    </Modal>
  );
}
