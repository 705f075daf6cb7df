import { FileText, Landmark } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { MSG } from '@ahente/contract/messages';
import { formatPeso } from '@ahente/contract/money';
import type { Form2307Summary } from '@ahente/contract/tax';
import { serverReason } from '../../api/client';
import { downloadForm2307, useForm2307s } from '../../api/tax';
import { formatCalendarDate } from '../../lib/dates';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount } from './commission-format';

const COLUMNS = 5;

/** A quarter as the form names it: "Q4 2026". */
export const quarterLabel = (f: Pick<Form2307Summary, 'year' | 'quarter'>) => `Q${f.quarter} ${f.year}`;

/**
 * 'BIR Form 2307' (issue 21): one certificate of creditable tax withheld at source for each quarter
 * in which the agency withheld tax from the member's commissions, newest first, with the income,
 * the tax withheld and the day the agency must give it (the 20th of the month after the quarter),
 * and its PDF laid out as the form.
 */
export function Form2307Card({ memberId, className }: { memberId: number; className?: string }) {
  const forms = useForm2307s(memberId);
  const { download, busy } = useForm2307Download(memberId);
  const rows = forms.data ?? [];
  return (
    <CardSection
      title="BIR Form 2307"
      description="The certificate of the tax the agency withheld from your commissions, one for each quarter. Attach it to your income tax return to credit the tax."
      icon={<Landmark />}
      bodyClassName="px-0! pb-0!"
      className={className ?? 'mt-5 overflow-hidden'}
    >
      <TableScrollHint>Scroll the table sideways for every column; the download stays at the right.</TableScrollHint>
      <Table
        caption="Your BIR Form 2307s"
        aria-busy={forms.isPending || undefined}
        className="[&_td]:px-3 [&_th]:px-3 [&_th]:whitespace-normal"
      >
        <TableHead>
          <tr>
            <TableHeaderCell>Quarter</TableHeaderCell>
            <TableHeaderCell numeric>Income</TableHeaderCell>
            <TableHeaderCell numeric>Tax withheld</TableHeaderCell>
            <TableHeaderCell>Due</TableHeaderCell>
            <TableHeaderCell sticky>Download</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={COLUMNS}
          query={forms}
          loadingLabel="Loading your BIR Form 2307s…"
          skeletonClassName={(column) => (column === 3 ? 'h-4 w-36' : 'h-4 w-16')}
          errorMessage="Your BIR Form 2307s could not be loaded."
          empty={rows.length === 0}
          emptyIcon={<Landmark />}
          emptyTitle="No tax has been withheld yet."
          emptyDescription="A form appears here for each quarter in which the agency withholds tax from your commissions, once it closes a month."
        >
          {rows.map((form) => {
            const key = `${form.year}-${form.quarter}`;
            return (
              <TableRow key={key}>
                <TableCell className="font-medium whitespace-nowrap text-slate-900">
                  {quarterLabel(form)}
                  {/* On a phone the tax and the due date are off to the side: repeated here (read once, from their columns). */}
                  <span aria-hidden="true" className="mt-1 block text-xs font-normal text-slate-600 md:hidden">
                    {`Tax ${formatPeso(form.tax)} · due by ${formatCalendarDate(form.deadline)}`}
                  </span>
                </TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  <Amount value={form.income} />
                </TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  <Amount value={form.tax} />
                </TableCell>
                <TableCell className="min-w-40">
                  Due to you by <time dateTime={form.deadline}>{formatCalendarDate(form.deadline)}</time>
                </TableCell>
                <TableCell sticky>
                  <Button size="sm" variant="outline" loading={busy(key)} onClick={() => void download(form)}>
                    {!busy(key) && <FileText aria-hidden="true" />}
                    Download PDF
                    <span className="sr-only">{` of ${quarterLabel(form)}`}</span>
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBodyStates>
      </Table>
    </CardSection>
  );
}

/** Downloads a quarter's form and says how it went (the server's reason when it refused); a second click while it comes does nothing. */
function useForm2307Download(memberId: number) {
  const running = useRef(new Set<string>());
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const download = useCallback(
    async (form: Form2307Summary) => {
      const key = `${form.year}-${form.quarter}`;
      if (running.current.has(key)) return;
      running.current.add(key);
      setBusyKeys(new Set(running.current));
      try {
        await downloadForm2307(memberId, form.year, form.quarter);
        toast.success(MSG.fileDownloaded);
      } catch (error) {
        const reason = serverReason(error);
        toast.error(reason ? `${MSG.downloadFailed}: ${reason}` : MSG.downloadFailed);
      } finally {
        running.current.delete(key);
        setBusyKeys(new Set(running.current));
      }
    },
    [memberId],
  );
  return { download, busy: (key: string) => busyKeys.has(key) };
}
