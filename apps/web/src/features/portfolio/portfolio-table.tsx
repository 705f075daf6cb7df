import { BriefcaseBusiness, RefreshCw } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { labelOf, productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import { isRenewable, type PolicyRow } from '@ahente/contract/portfolio';
import './i18n';
import { i18n, useLanguage } from '../../i18n';
import { formatCalendarDate } from '../../lib/dates';
import { Button, buttonClasses } from '../../ui/button';
import { Dash } from '../../ui/dash';
import { TIGHT, Table, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { TableBodyStates, type ListQueryState } from '../../ui/table-states';
import { daysToExpiryText, PolicyStatusBadge } from './portfolio-format';
import { EmailAddress, PolicyNumber } from '../../ui/unbroken';

interface PortfolioTableProps {
  rows: readonly PolicyRow[];
  query: ListQueryState;
  /** A leader's view of the team: no client columns, an Agent column, no Renew. */
  clientsHidden: boolean;
  empty: { title: string; description: string; action?: ReactNode };
  /** The policy whose renewal is being started (its button is busy; the others wait). */
  renewing: number | null;
  onRenew: ((row: PolicyRow) => void) | null;
}

/**
 * The policies of one page. A member's own: customer, contact, product, insurer, policy number,
 * premium, effective and expiry dates (the days to expiry under it), status and the renewal (its deal, or Renew).
 * A leader's team (decision 017): the agent instead of the client's name, contact and policy number.
 *
 * Ten columns fit a laptop from 1280 px as a dense table (decision 024). Below `md` the
 * premium, the expiry and the status are repeated under the first column (read once: the copy is
 * aria-hidden), and the renewal column stays at the right, so a phone shows what matters in a row
 * without scrolling sideways.
 */
export function PortfolioTable({ rows, query, clientsHidden, empty, renewing, onRenew }: PortfolioTableProps) {
  const { t } = useLanguage();
  const columns = clientsHidden ? 8 : 10;
  return (
    <Table
      caption={clientsHidden ? t('portfolio.table.captionTeam') : t('portfolio.table.captionOwn')}
      aria-busy={query.isPending || undefined}
      dense
      className={TIGHT}
    >
      <TableHead>
        <tr>
          {clientsHidden ? (
            <TableHeaderCell>{t('portfolio.table.agent')}</TableHeaderCell>
          ) : (
            <>
              <TableHeaderCell>{t('portfolio.table.customer')}</TableHeaderCell>
              <TableHeaderCell>{t('portfolio.table.contact')}</TableHeaderCell>
            </>
          )}
          <TableHeaderCell>{t('common.product')}</TableHeaderCell>
          <TableHeaderCell>{t('portfolio.table.insurer')}</TableHeaderCell>
          {!clientsHidden && <TableHeaderCell>{t('portfolio.table.policyNumber')}</TableHeaderCell>}
          <TableHeaderCell numeric>{t('portfolio.table.premium')}</TableHeaderCell>
          <TableHeaderCell>{t('common.effectiveDate')}</TableHeaderCell>
          <TableHeaderCell>{t('portfolio.table.expiryDate')}</TableHeaderCell>
          <TableHeaderCell>{t('common.status')}</TableHeaderCell>
          <TableHeaderCell sticky>{t('portfolio.table.renewal')}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBodyStates
        columns={columns}
        query={query}
        loadingLabel={t('portfolio.table.loading')}
        skeletonClassName={(column) => (column === 0 ? 'h-4 w-32' : 'h-4 w-14')}
        errorMessage={t('portfolio.table.failed')}
        empty={rows.length === 0}
        emptyIcon={<BriefcaseBusiness />}
        emptyTitle={empty.title}
        emptyDescription={
          <>
            {empty.description}
            {empty.action && <span className="mt-3 flex justify-center">{empty.action}</span>}
          </>
        }
      >
        {rows.map((row) => (
          <PolicyTableRow
            key={row.sale_id}
            row={row}
            clientsHidden={clientsHidden}
            busy={renewing === row.sale_id}
            waiting={renewing !== null}
            onRenew={onRenew}
          />
        ))}
      </TableBodyStates>
    </Table>
  );
}

/** One policy; memoised so typing in the search box does not re-render the page's rows. */
const PolicyTableRow = memo(function PolicyTableRow({
  row,
  clientsHidden,
  busy,
  waiting,
  onRenew,
}: {
  row: PolicyRow;
  clientsHidden: boolean;
  busy: boolean;
  waiting: boolean;
  onRenew: ((row: PolicyRow) => void) | null;
}) {
  const { t } = useLanguage();
  const who = clientsHidden ? row.agent_name : (row.customer_name ?? '');
  // A cancelled policy has no term left to count down.
  const days = row.status === 'cancelled' ? null : row.days_to_expiry;
  return (
    <TableRow data-policy={row.sale_id}>
      {/* Narrower from xl to 2xl: the unbroken policy number's room at 1280 px (decision 024). */}
      <TableCell className="min-w-32 xl:max-2xl:min-w-24">
        <span className="font-medium text-slate-900">{who}</span>
        {/* On a phone the premium, expiry and status are off to the side: repeated here (read once, from their columns). */}
        <span aria-hidden="true" className="mt-1 flex flex-col items-start gap-1 md:hidden">
          {clientsHidden && <span className="text-xs text-slate-600">{productLabel(row.product)}</span>}
          <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">{formatPeso(row.tcv)}</span>
          {row.expiry_date && (
            <span className="text-xs text-slate-600">
              <span className="whitespace-nowrap">{t('portfolio.table.expires', { date: formatCalendarDate(row.expiry_date) })}</span>
              {days !== null && ` · ${daysToExpiryText(days)}`}
            </span>
          )}
          <PolicyStatusBadge status={row.status} />
        </span>
      </TableCell>
      {!clientsHidden && (
        <TableCell className="text-xs">
          <ClientContact contact={row.customer_contact} email={row.customer_email} />
        </TableCell>
      )}
      <TableCell className="min-w-24 xl:max-2xl:min-w-20">{productLabel(row.product)}</TableCell>
      <TableCell>{row.insurer ?? <Dash />}</TableCell>
      {!clientsHidden && <TableCell>{row.policy_number ? <PolicyNumber value={row.policy_number} /> : <Dash />}</TableCell>}
      <TableCell numeric>{formatPeso(row.tcv)}</TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={row.effective_date}>{formatCalendarDate(row.effective_date)}</time>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {row.expiry_date ? <time dateTime={row.expiry_date}>{formatCalendarDate(row.expiry_date)}</time> : <NoTerm />}
        {days !== null && <span className="block text-xs text-slate-500">{daysToExpiryText(days)}</span>}
      </TableCell>
      <TableCell>
        <PolicyStatusBadge status={row.status} />
      </TableCell>
      <TableCell sticky>
        <Renewal row={row} clientsHidden={clientsHidden} busy={busy} waiting={waiting} onRenew={onRenew} />
      </TableCell>
    </TableRow>
  );
});

/** A Memorial Plan has no annual term: no expiry date. */
function NoTerm() {
  const { t } = useLanguage();
  return <span className="text-xs text-slate-500">{t('portfolio.table.noTerm')}</span>;
}

/** The client's number (a tap calls it) and e-mail, each on a line; a dash when neither is known. */
function ClientContact({ contact, email }: { contact: string | null; email: string | null }) {
  if (!contact && !email) return <Dash />;
  return (
    <span className="flex flex-col gap-0.5">
      {contact && (
        <a href={`tel:${contact}`} className="whitespace-nowrap text-brand-700 tabular-nums underline-offset-2 hover:underline">
          {contact}
        </a>
      )}
      {email && (
        <a href={`mailto:${email}`} className="text-brand-700 underline-offset-2 hover:underline">
          <EmailAddress value={email} />
        </a>
      )}
    </span>
  );
}

/**
 * The renewal of a policy: its deal (a link to it in the Deals Table, with the deal's status) or
 * its sale once sold; Renew on a due or lapsed policy of the member's own; otherwise nothing.
 */
function Renewal({
  row,
  clientsHidden,
  busy,
  waiting,
  onRenew,
}: {
  row: PolicyRow;
  clientsHidden: boolean;
  busy: boolean;
  waiting: boolean;
  onRenew: ((row: PolicyRow) => void) | null;
}) {
  const { t } = useLanguage();
  const renewal = row.renewal;
  if (renewal) {
    const what =
      renewal.sale_id !== null
        ? t('portfolio.table.renewalSale', { id: renewal.sale_id })
        : t('portfolio.table.renewalDeal', { id: renewal.deal_id });
    const detail = renewal.sale_id !== null ? t('deals.sold') : labelOf('dealStatus', renewal.deal_status);
    if (clientsHidden) {
      return (
        <span className="flex flex-col text-xs">
          <span className="font-medium whitespace-nowrap text-slate-700">{what}</span>
          <span className="text-slate-500">{detail}</span>
        </span>
      );
    }
    const to = renewal.sale_id !== null ? '/sales/salesview' : `/deals/dealsview?deal=${renewal.deal_id}`;
    return (
      <span className="flex flex-col text-xs">
        <Link to={to} className={buttonClasses({ variant: 'link', className: 'h-auto justify-start p-0 text-xs whitespace-nowrap' })}>
          {what}
        </Link>
        <span className="text-slate-500">{detail}</span>
      </span>
    );
  }
  if (onRenew && !clientsHidden && isRenewable(row.status)) {
    return (
      <Button
        size="sm"
        variant="secondary"
        loading={busy}
        disabled={waiting && !busy}
        onClick={() => onRenew(row)}
        aria-label={renewLabel(row)}
      >
        {!busy && <RefreshCw aria-hidden="true" />}
        {t('portfolio.table.renew')}
      </Button>
    );
  }
  return <Dash />;
}

/** The Renew button's name: the customer and the policy number when known. */
function renewLabel(row: PolicyRow): string {
  const who = row.customer_name;
  const number = row.policy_number;
  if (who !== null) return number ? i18n.t('portfolio.table.renewWhoNumber', { who, number }) : i18n.t('portfolio.table.renewWho', { who });
  return number ? i18n.t('portfolio.table.renewNumber', { number }) : i18n.t('portfolio.table.renewPolicy');
}
