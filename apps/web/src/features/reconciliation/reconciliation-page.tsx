import { ArrowLeft, BadgeCheck, ListChecks, Scale } from 'lucide-react';
import { Suspense, useMemo, useState, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { todayInManila } from '@ahente/contract/dates';
import { formatPeso, sumPesos } from '@ahente/contract/money';
import { LINE_STATUS_LABELS, LINE_STATUSES, type LineStatus } from '@ahente/contract/reconciliation-rules';
import { ignoreStatementLineRequest, type StatementImportRecord, type StatementLineRecord } from '@ahente/contract/reconciliation';
import { serverReason } from '../../api/client';
import { formatCalendarDate, formatMonth } from '../../lib/dates';
import { cn } from '../../lib/cn';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { PageHeader } from '../../ui/page-header';
import { ReasonModal } from '../../ui/reason-modal';
import { StatList } from '../../ui/stats';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { useIgnoreLine, useMatchLine, useStatementLines, useVerifyFromStatement } from './api';
import { MatchLineModal } from './match-line-modal';
import { StatementsNav } from './statements-nav';

/** The sale a chargeback offers to cancel, as the cancel dialog takes it. */
export interface ChargebackSale {
  id: number;
  customer_name: string;
  product: string;
  tcv: number;
}
/** The cancel-sale dialog of features/sales (the router passes it in: features stay independent). */
export type CancelDialog = ComponentType<{
  sale: ChargebackSale;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial?: { cancelled_on?: string; reason?: string; refund?: number | null };
  note?: string;
}>;

const TONES: Record<LineStatus, BadgeTone> = {
  matched: 'success',
  differs: 'warning',
  unmatched: 'danger',
  duplicate: 'neutral',
  chargeback: 'danger',
  ignored: 'neutral',
};
const ignoreSchema = z.object({ reason: ignoreStatementLineRequest.shape.reason });

type Dialog = { kind: 'match' | 'ignore' | 'cancel'; line: StatementLineRecord; seq: number } | null;

/**
 * /admin/statements/:importId, the reconciliation of one import (issue 45 §5): its counts and
 * totals by state, the tie-out (what its lines add up to against the total the statement prints; a
 * difference in red, and the import may still be kept), and its lines by state with their
 * actions: match to a sale, confirm a suggestion, ignore with a reason, cancel a charged-back sale
 * (prefilled with the refund), and verify every sale the import matched. On a phone the lines are
 * cards, one under the other.
 */
export function ReconciliationPage({ CancelDialog }: { CancelDialog?: CancelDialog }) {
  const importId = Number(useParams().importId);
  const [status, setStatus] = useState<LineStatus | null>(null);
  const all = useStatementLines(importId, null);
  const shown = useStatementLines(importId, status);
  const verify = useVerifyFromStatement();
  const match = useMatchLine();
  const ignore = useIgnoreLine();
  const [dialog, setDialog] = useState<Dialog>(null);
  const open = (kind: NonNullable<Dialog>['kind'], line: StatementLineRecord) =>
    setDialog((current) => ({ kind, line, seq: (current?.seq ?? 0) + 1 }));

  const imp = all.data?.pages[0]?.import;
  const allLines = useMemo(() => all.data?.pages.flatMap((p) => p.rows) ?? [], [all.data]);
  const complete = all.data !== undefined && !all.hasNextPage;
  const lines = useMemo(() => shown.data?.pages.flatMap((p) => p.rows) ?? [], [shown.data]);
  const total = shown.data?.pages[0]?.count ?? 0;

  const onVerify = async () => {
    try {
      const result = await verify.mutateAsync(importId);
      const skipped =
        result.skipped.length > 0 ? ` ${result.skipped.length} left for another administrator: ${result.skipped[0]!.reason}` : '';
      toast.success(`Verified ${result.verified.toLocaleString('en-PH')} sales (${formatPeso(result.tcv)} TCV).${skipped}`);
    } catch (error) {
      toast.error(serverReason(error) ?? 'The sales could not be verified. Please try again.');
    }
  };
  const onConfirmSuggestion = async (line: StatementLineRecord) => {
    if (!line.suggestion) return;
    try {
      await match.mutateAsync({ line_id: line.id, sale_id: line.suggestion.id });
      toast.success(`Line ${line.row_no} matched to sale #${line.suggestion.id}`);
    } catch (error) {
      toast.error(serverReason(error) ?? 'The suggestion could not be confirmed.');
    }
  };
  const onIgnore = async (reason: string) => {
    if (!dialog) return;
    try {
      await ignore.mutateAsync({ line_id: dialog.line.id, reason });
      toast.success(`Line ${dialog.line.row_no} ignored`);
      setDialog(null);
    } catch (error) {
      toast.error(serverReason(error) ?? 'The line could not be ignored.');
      setDialog(null);
    }
  };

  const title = imp ? `${imp.insurer_name} statement ${imp.period}` : 'Reconciliation';
  const toVerify = allLines.filter(
    (l) => (l.status === 'matched' || l.status === 'differs') && l.sale?.verification === 'unverified',
  ).length;
  const standing = imp !== undefined && imp.undone_at === null;
  /** A line's actions, the same in the laptop's table and the phone's cards. */
  const actionsOf = (line: StatementLineRecord) => (
    <LineActions
      line={line}
      standing={standing}
      canCancel={CancelDialog !== undefined}
      confirming={match.isPending && match.variables?.line_id === line.id}
      onMatch={() => open('match', line)}
      onIgnore={() => open('ignore', line)}
      onCancel={() => open('cancel', line)}
      onConfirm={() => void onConfirmSuggestion(line)}
    />
  );

  return (
    <>
      <PageHeader
        title={title}
        description={imp ? `${imp.file_name} · ${formatMonth(imp.period)} · ${imp.lines.toLocaleString('en-PH')} lines` : undefined}
        actions={
          standing ? (
            <Button onClick={() => void onVerify()} loading={verify.isPending} disabled={complete && toVerify === 0}>
              {!verify.isPending && <BadgeCheck aria-hidden="true" />}
              Verify matched sales
            </Button>
          ) : undefined
        }
      />
      <StatementsNav />
      <Link to="/admin/statements" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All imports
      </Link>
      {all.isError && <p className="text-sm text-red-700">{serverReason(all.error) ?? 'The import could not be loaded.'}</p>}
      {imp && (
        <div className="mb-5 grid grid-cols-1 gap-5 lg:grid-cols-3">
          <CardSection title="By state" icon={<ListChecks />} className="min-w-0 lg:col-span-2">
            <StatList figures={stateFigures(imp, complete ? allLines : null)} />
            {imp.undone_at && <p className="mt-3 text-sm text-slate-600">{`Undone: ${imp.undo_reason ?? ''}`}</p>}
          </CardSection>
          <TieOut imp={imp} toVerify={complete ? toVerify : null} />
        </div>
      )}

      <div role="group" aria-label="Show the lines" className="mb-3 flex flex-wrap gap-1 rounded-lg bg-slate-200/60 p-1">
        {([null, ...LINE_STATUSES] as const).map((s) => {
          const n = s === null ? imp?.lines : imp ? countOf(imp, s) : undefined;
          return (
            <button
              key={s ?? 'all'}
              type="button"
              aria-pressed={status === s}
              onClick={() => setStatus(s)}
              className={cn(
                'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                status === s
                  ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-900/5'
                  : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              {s === null ? 'All' : LINE_STATUS_LABELS[s]}
              {n !== undefined && <span className="ml-1.5 text-xs text-slate-500 tabular-nums">{n.toLocaleString('en-PH')}</span>}
            </button>
          );
        })}
      </div>

      {/* Laptops: a table. Phones: a card per line. */}
      <Card className="hidden overflow-hidden md:block">
        <Table caption={`${title}: lines`} dense aria-busy={shown.isFetching || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell numeric>Line</TableHeaderCell>
              <TableHeaderCell>Policy / Insured</TableHeaderCell>
              <TableHeaderCell numeric>Premium</TableHeaderCell>
              <TableHeaderCell numeric>Expected</TableHeaderCell>
              <TableHeaderCell numeric>Received</TableHeaderCell>
              <TableHeaderCell>State</TableHeaderCell>
              <TableHeaderCell>Sale</TableHeaderCell>
              <TableHeaderCell>
                <span className="sr-only">Actions</span>
              </TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={8}
            skeletonClassName={() => 'h-4 w-16'}
            query={shown}
            loadingLabel="Loading the lines…"
            errorMessage="The lines could not be loaded."
            empty={lines.length === 0}
            emptyIcon={<Scale />}
            emptyTitle="No line in this state"
            emptyDescription="Choose another state above."
          >
            {lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell numeric className="text-slate-500">
                  {line.row_no}
                </TableCell>
                <TableCell className="min-w-36">
                  <span className="font-medium whitespace-nowrap text-slate-900">{line.policy_no}</span>
                  <span className="block text-xs text-slate-600">{line.insured_name ?? ''}</span>
                </TableCell>
                <TableCell numeric>{line.premium === null ? <Dash /> : formatPeso(line.premium)}</TableCell>
                <TableCell numeric>{line.expected === null ? <Dash /> : formatPeso(line.expected)}</TableCell>
                <TableCell numeric className={cn('font-medium', line.received < 0 ? 'text-red-700' : 'text-slate-900')}>
                  {formatPeso(line.received)}
                </TableCell>
                <TableCell className="min-w-36">
                  <LineState line={line} />
                </TableCell>
                <TableCell className="min-w-32">
                  <SaleCell line={line} />
                </TableCell>
                <TableCell>{actionsOf(line)}</TableCell>
              </TableRow>
            ))}
          </TableBodyStates>
        </Table>
      </Card>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={`${title}: lines`}>
        {lines.map((line) => (
          <li key={line.id}>
            <Card className="p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-xs text-slate-500">{`Line ${line.row_no}`}</p>
                  <p className="font-medium break-all text-slate-900">{line.policy_no}</p>
                  <p className="text-sm text-slate-600">{line.insured_name ?? ''}</p>
                </div>
                <p className={cn('shrink-0 text-right font-semibold tabular-nums', line.received < 0 ? 'text-red-700' : 'text-slate-900')}>
                  {formatPeso(line.received)}
                  {line.expected !== null && (
                    <span className="block text-xs font-normal text-slate-500">{`Expected ${formatPeso(line.expected)}`}</span>
                  )}
                </p>
              </div>
              <div className="mt-2">
                <LineState line={line} />
              </div>
              <div className="mt-2 text-sm">
                <SaleCell line={line} />
              </div>
              <div className="mt-3">{actionsOf(line)}</div>
            </Card>
          </li>
        ))}
      </ul>
      {shown.hasNextPage && (
        <div className="mt-3 flex items-center gap-3">
          <Button variant="outline" onClick={() => void shown.fetchNextPage()} loading={shown.isFetchingNextPage}>
            Show more lines
          </Button>
          <span className="text-sm text-slate-600">{`${lines.length.toLocaleString('en-PH')} of ${total.toLocaleString('en-PH')} shown`}</span>
        </div>
      )}

      {dialog?.kind === 'match' && imp && (
        <MatchLineModal key={dialog.seq} line={dialog.line} insurerId={imp.insurer_id} open onOpenChange={(o) => !o && setDialog(null)} />
      )}
      {dialog?.kind === 'ignore' && (
        <ReasonModal
          key={dialog.seq}
          open
          onOpenChange={(o) => !o && setDialog(null)}
          title={`Ignore line ${dialog.line.row_no}`}
          description={`${dialog.line.policy_no} · ${formatPeso(dialog.line.received)}. The line stays in the import, set aside with your reason; its money no longer counts as received for a sale.`}
          hint="For example: a bank charge, or a policy of another agency. At most 200 characters."
          confirmLabel="Ignore line"
          confirmVariant="primary"
          schema={ignoreSchema}
          busy={ignore.isPending}
          onConfirm={(reason) => void onIgnore(reason)}
        />
      )}
      {dialog?.kind === 'cancel' && dialog.line.sale && CancelDialog && imp && (
        <Suspense fallback={null}>
          <CancelDialog
            key={dialog.seq}
            sale={dialog.line.sale}
            open
            onOpenChange={(o) => !o && setDialog(null)}
            initial={chargebackCancellation(dialog.line, imp)}
            note={`Prefilled from the chargeback on line ${dialog.line.row_no} of this statement (${formatPeso(dialog.line.received)}).`}
          />
        </Suspense>
      )}
    </>
  );
}

function countOf(imp: StatementImportRecord, s: LineStatus): number {
  const counts: Record<LineStatus, number> = {
    matched: imp.matched,
    differs: imp.differs,
    unmatched: imp.unmatched,
    duplicate: imp.duplicates,
    chargeback: imp.chargebacks,
    ignored: imp.ignored,
  };
  return counts[s];
}

/** A tile per state: its count, and what its lines received once every line is loaded. */
function stateFigures(imp: StatementImportRecord, lines: readonly StatementLineRecord[] | null) {
  return LINE_STATUSES.map((s) => ({
    label: LINE_STATUS_LABELS[s],
    value: () => countOf(imp, s).toLocaleString('en-PH'),
    ...(lines
      ? { detail: () => [{ label: 'Received', value: formatPeso(sumPesos(lines.filter((l) => l.status === s).map((l) => l.received))) }] }
      : {}),
  }));
}

/** Received against the statement's own total: equal, or the difference in red (the import is kept either way). */
function TieOut({ imp, toVerify }: { imp: StatementImportRecord; toVerify: number | null }) {
  const off = imp.tie_out_difference !== null && imp.tie_out_difference !== 0;
  return (
    <CardSection title="Tie-out" icon={<Scale />} className="min-w-0">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">Received (the lines' sum)</dt>
        <dd className="text-right font-semibold whitespace-nowrap tabular-nums">{formatPeso(imp.received_total)}</dd>
        <dt className="text-slate-600">Statement total</dt>
        <dd className="text-right font-semibold whitespace-nowrap tabular-nums">
          {imp.statement_total === null ? 'Not given' : formatPeso(imp.statement_total)}
        </dd>
        {imp.tie_out_difference !== null && (
          <>
            <dt className={off ? 'font-medium text-red-700' : 'text-slate-600'}>Difference</dt>
            <dd className={cn('text-right font-semibold whitespace-nowrap tabular-nums', off ? 'text-red-700' : 'text-emerald-700')}>
              {formatPeso(imp.tie_out_difference)}
            </dd>
          </>
        )}
      </dl>
      {off && (
        <p className="mt-3 text-sm text-red-700">
          The lines do not add up to the statement's total. The import can still be kept; ask the insurer.
        </p>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {`${imp.verified.toLocaleString('en-PH')} sales verified from this statement`}
        {toVerify !== null && toVerify > 0 ? `; ${toVerify.toLocaleString('en-PH')} matched sales still to verify.` : '.'}
      </p>
    </CardSection>
  );
}

function LineState({ line }: { line: StatementLineRecord }) {
  return (
    <>
      <Badge tone={TONES[line.status]} dot className="shrink-0">
        {LINE_STATUS_LABELS[line.status]}
      </Badge>
      <span className="mt-1 block text-xs text-slate-600">{line.reason}</span>
      {line.duplicate_of && (
        <Link to={`/admin/statements/${line.duplicate_of.import_id}`} className="block text-xs text-brand-700 underline underline-offset-2">
          {`First received: ${line.duplicate_of.period}, line ${line.duplicate_of.row_no}`}
        </Link>
      )}
      {line.decision && (
        <span className="block text-xs text-slate-500">
          {`${line.decision.action === 'match' ? 'Matched' : 'Ignored'} by ${line.decision.by_name ?? 'an administrator'}${line.decision.reason && line.decision.reason !== line.reason ? `: ${line.decision.reason}` : ''}`}
        </span>
      )}
    </>
  );
}

function SaleCell({ line }: { line: StatementLineRecord }) {
  const s = line.sale;
  if (s)
    return (
      <>
        <span className="font-medium text-slate-900">{`#${s.id} · ${s.customer_name}`}</span>
        <span className="block text-xs text-slate-600">
          {`${s.agent_name} · `}
          {s.cancelled_on
            ? `Cancelled ${formatCalendarDate(s.cancelled_on)}`
            : line.verified_here
              ? 'Verified from this statement'
              : s.verification === 'verified'
                ? 'Verified'
                : s.verification === 'rejected'
                  ? 'Rejected'
                  : 'Not verified yet'}
        </span>
      </>
    );
  if (line.suggestion)
    return (
      <span className="text-xs text-amber-800">
        {`Suggested: #${line.suggestion.id} · ${line.suggestion.customer_name} · ${line.suggestion.policy_number ?? 'no policy number'} · ${formatPeso(line.suggestion.tcv)}`}
      </span>
    );
  return <Dash />;
}

function LineActions({
  line,
  standing,
  canCancel,
  confirming,
  onMatch,
  onIgnore,
  onCancel,
  onConfirm,
}: {
  line: StatementLineRecord;
  standing: boolean;
  canCancel: boolean;
  confirming: boolean;
  onMatch: () => void;
  onIgnore: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  if (!standing) return null;
  const what = `line ${line.row_no}`;
  return (
    <div className="flex flex-wrap justify-end gap-2 md:justify-end">
      {line.status === 'unmatched' && line.suggestion && (
        <Button size="sm" onClick={onConfirm} loading={confirming} aria-label={`Confirm the suggestion for ${what}`}>
          Confirm
        </Button>
      )}
      {(line.status === 'unmatched' || (line.status === 'chargeback' && !line.sale)) && (
        <Button size="sm" variant="outline" onClick={onMatch} aria-label={`Match ${what} to a sale`}>
          Match
        </Button>
      )}
      {line.status === 'chargeback' && line.sale && !line.sale.cancelled_on && canCancel && (
        <Button size="sm" variant="danger" onClick={onCancel} aria-label={`Cancel sale #${line.sale.id} of ${what}`}>
          Cancel sale
        </Button>
      )}
      {line.status !== 'ignored' && line.status !== 'matched' && (
        <Button size="sm" variant="ghost" onClick={onIgnore} aria-label={`Ignore ${what}`}>
          Ignore
        </Button>
      )}
    </div>
  );
}

/**
 * A chargeback's cancellation (decision 019): the refund is the premium the line takes back when
 * it names one, else the TCV in the proportion of the commission taken back to the commission
 * expected; the day is the line's effective date (never after today).
 */
function chargebackCancellation(line: StatementLineRecord, imp: StatementImportRecord) {
  const sale = line.sale!;
  const today = todayInManila();
  let refund: number | null = null;
  if (line.premium !== null && line.premium !== 0) refund = Math.abs(line.premium);
  else if (line.expected) refund = (sale.tcv * Math.abs(line.received)) / Math.abs(line.expected);
  if (refund !== null) refund = Math.min(sale.tcv, Math.round(refund * 100) / 100);
  const day = line.effective_date ?? line.paid_on;
  return {
    cancelled_on: day && day <= today ? day : today,
    reason: `Chargeback on the ${imp.insurer_name} statement ${imp.period}, line ${line.row_no}`,
    refund,
  };
}
