import { FileText, Landmark } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { formatPeso } from '@ahente/contract/money';
import { AGENCY_TAX_DETAILS_MISSING_CODE, type Form2307Summary } from '@ahente/contract/tax';
import { isApiError, serverReason } from '../../api/client';
import { downloadForm2307, useForm2307s, usePayoutSettings } from './tax-api';
import { formatCalendarDate } from '../../lib/dates';
import { useLanguage } from '../../i18n';
import './i18n';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount } from './commission-format';

const COLUMNS = 5;

/** A quarter as the form names it: "Q4 2026". */
export const quarterLabel = (f: Pick<Form2307Summary, 'year' | 'quarter'>) => `Q${f.quarter} ${f.year}`;

/**
 * 'BIR Form 2307' (decision 019): one certificate of creditable tax withheld at source for each
 * quarter in which the agency withheld tax from the member's commissions, newest first, with the
 * income, the tax withheld and the day the agency must give it (the 20th of the month after the
 * quarter), and its PDF laid out as the form.
 */
export function Form2307Card({ memberId, className }: { memberId: number; className?: string }) {
  const forms = useForm2307s(memberId);
  const { download, busy } = useForm2307Download(memberId);
  const rows = forms.data ?? [];
  const { t } = useLanguage();
  // Without the agency's TIN, address and RDO no 2307 can be issued (decision 019): said before a
  // download fails.
  const agencyUnset = usePayoutSettings().data?.agency_configured === false;
  return (
    <CardSection
      title={t('commissions.form2307')}
      description={t('commissions.form2307Description')}
      icon={<Landmark />}
      bodyClassName="px-0! pb-0!"
      className={className ?? 'mt-5 overflow-hidden'}
    >
      {agencyUnset && rows.length > 0 && (
        <div className="px-5 pb-4">
          <Notice tone="warning">{t('commissions.agencyTaxMissing')}</Notice>
        </div>
      )}
      <TableScrollHint>{t('commissions.form2307ScrollHint')}</TableScrollHint>
      <Table
        caption={t('commissions.form2307Caption')}
        aria-busy={forms.isPending || undefined}
        className="[&_td]:px-3 [&_th]:px-3 [&_th]:whitespace-normal"
      >
        <TableHead>
          <tr>
            <TableHeaderCell>{t('commissions.quarter')}</TableHeaderCell>
            <TableHeaderCell numeric>{t('commissions.income')}</TableHeaderCell>
            <TableHeaderCell numeric>{t('commissions.taxWithheld')}</TableHeaderCell>
            <TableHeaderCell>{t('commissions.due')}</TableHeaderCell>
            <TableHeaderCell sticky>{t('commissions.download')}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={COLUMNS}
          query={forms}
          loadingLabel={t('commissions.loadingForms')}
          skeletonClassName={(column) => (column === 3 ? 'h-4 w-36' : 'h-4 w-16')}
          errorMessage={t('commissions.formsFailed')}
          empty={rows.length === 0}
          emptyIcon={<Landmark />}
          emptyTitle={t('commissions.noForms')}
          emptyDescription={t('commissions.noFormsDescription')}
        >
          {rows.map((form) => {
            const key = `${form.year}-${form.quarter}`;
            return (
              <TableRow key={key}>
                <TableCell className="font-medium whitespace-nowrap text-slate-900">
                  {quarterLabel(form)}
                  {/* On a phone the tax and the due date are off to the side: repeated here (read once, from their columns). */}
                  <span aria-hidden="true" className="mt-1 block text-xs font-normal text-slate-600 md:hidden">
                    {t('commissions.taxDueBy', { tax: formatPeso(form.tax), date: formatCalendarDate(form.deadline) })}
                  </span>
                </TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  <Amount value={form.income} />
                </TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  <Amount value={form.tax} />
                </TableCell>
                <TableCell className="min-w-40">
                  {t('commissions.dueToYouBy')} <time dateTime={form.deadline}>{formatCalendarDate(form.deadline)}</time>
                </TableCell>
                <TableCell sticky>
                  <Button size="sm" variant="outline" loading={busy(key)} onClick={() => void download(form)}>
                    {!busy(key) && <FileText aria-hidden="true" />}
                    {t('commissions.downloadPdf')}
                    <span className="sr-only">{` ${t('commissions.ofQuarter', { quarter: quarterLabel(form) })}`}</span>
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
  const { t } = useLanguage();
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
        toast.success(t('commissions.fileDownloaded'));
      } catch (error) {
        // The agency's unset tax details in the member's language (the server's text is English).
        const reason = agencyTaxMissing(error) ? t('commissions.agencyTaxMissing') : serverReason(error);
        toast.error(reason ? `${t('commissions.downloadFailed')}: ${reason}` : t('commissions.downloadFailed'));
      } finally {
        running.current.delete(key);
        setBusyKeys(new Set(running.current));
      }
    },
    [memberId, t],
  );
  return { download, busy: (key: string) => busyKeys.has(key) };
}

/** The 409 a 2307 answers while the agency's tax details are unset (its code). */
const agencyTaxMissing = (error: unknown) =>
  isApiError(error, 409) && (error.body as { code?: unknown } | null)?.code === AGENCY_TAX_DETAILS_MISSING_CODE;
