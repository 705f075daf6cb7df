import { CalendarClock, GraduationCap, Scale, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { LICENSE_EXPIRY_WARNING_DAYS, linesLabel, RENEWAL_COMMISSION_PESOS } from '@ahente/contract/licence-rules';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import { useCompliance, useTrainingCompliance } from './api';
import { cn } from '../../lib/cn';
import { useShowMore } from '../../lib/use-show-more';
import { Badge } from '../../ui/badge';
import { CardSection } from '../../ui/card';
import { ShowMore } from '../../ui/show-more';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { Dash } from '../../ui/dash';
import { CalendarDate, ExpiryBadge } from './licence-format';
import { memberIdText } from '@ahente/contract/labels';

/** A card holding one table, flush with its edges. */
function TableCard({
  id,
  title,
  icon,
  description,
  children,
}: {
  id?: string;
  title: string;
  icon: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <div id={id} className="scroll-mt-6">
      <CardSection title={title} icon={icon} description={description} bodyClassName="px-0! pb-0!" className="overflow-hidden">
        <TableScrollHint>Scroll the table sideways for every column.</TableScrollHint>
        {children}
      </CardSection>
    </div>
  );
}

function MemberCell({ name, id }: { name: string; id: number }) {
  return (
    <TableCell className="min-w-36 font-medium text-slate-900">
      {name}
      <span className="block text-xs font-normal text-slate-500">{memberIdText(id)}</span>
    </TableCell>
  );
}

/** Verified licences that expire within 60 days, soonest first: their holders should renew. */
export function ExpiringCard({ id }: { id?: string }) {
  const compliance = useCompliance();
  const rows = compliance.data?.expiring ?? [];
  return (
    <TableCard
      id={id}
      title="Expiring Soon"
      icon={<CalendarClock />}
      description={`Licences that expire within ${LICENSE_EXPIRY_WARNING_DAYS} days. Their holders see a reminder on their dashboard until they renew.`}
    >
      <Table caption="Licences expiring soon" aria-busy={compliance.isPending || undefined} className="[&_td]:px-3 [&_th]:px-3">
        <TableHead>
          <tr>
            <TableHeaderCell>Member</TableHeaderCell>
            <TableHeaderCell>Line</TableHeaderCell>
            <TableHeaderCell>Licence Number</TableHeaderCell>
            <TableHeaderCell>Insurer</TableHeaderCell>
            <TableHeaderCell>Expires On</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={5}
          query={compliance}
          loadingLabel="Loading licences expiring soon…"
          skeletonClassName={(column) => (column === 0 ? 'h-4 w-32' : 'h-4 w-20')}
          errorMessage="The licences expiring soon could not be loaded."
          empty={rows.length === 0}
          emptyIcon={<CalendarClock />}
          emptyTitle={`No licence expires within ${LICENSE_EXPIRY_WARNING_DAYS} days`}
        >
          {rows.map((licence) => (
            <TableRow key={licence.id}>
              <MemberCell name={licence.member_name} id={licence.member_id} />
              <TableCell className="whitespace-nowrap">{licence.line}</TableCell>
              <TableCell className="min-w-28 break-words">{licence.license_no ?? <Dash />}</TableCell>
              <TableCell className="min-w-28 break-words">{licence.insurer ?? <Dash />}</TableCell>
              <TableCell className="whitespace-nowrap">
                <CalendarDate value={licence.expires_on} />
                <span className="mt-1 block">
                  <ExpiryBadge days={licence.days_to_expiry} />
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBodyStates>
      </Table>
    </TableCard>
  );
}

/** Members who sold a product in the last 12 months without a verified licence, valid today, for any of its lines. */
export function UnlicensedSellersCard({ id }: { id?: string }) {
  const compliance = useCompliance();
  const rows = compliance.data?.unlicensed_sellers ?? [];
  const page = useShowMore(rows);
  return (
    <TableCard
      id={id}
      title="Selling Without a Licence"
      icon={<ShieldAlert />}
      description="Members who sold a product in the last 12 months and hold no verified licence, valid today, for a line that allows it. Their new commissions are held."
    >
      <Table caption="Members selling without a licence" aria-busy={compliance.isPending || undefined} className="[&_td]:px-3 [&_th]:px-3">
        <TableHead>
          <tr>
            <TableHeaderCell>Member</TableHeaderCell>
            <TableHeaderCell>Product</TableHeaderCell>
            <TableHeaderCell>Licence Needed</TableHeaderCell>
            <TableHeaderCell numeric>Sales</TableHeaderCell>
            <TableHeaderCell>Last Sold</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={5}
          query={compliance}
          loadingLabel="Loading members selling without a licence…"
          skeletonClassName={(column) => (column === 0 ? 'h-4 w-32' : 'h-4 w-20')}
          errorMessage="The members selling without a licence could not be loaded."
          empty={rows.length === 0}
          emptyIcon={<ShieldAlert />}
          emptyTitle="Every seller holds a licence for what they sell"
        >
          {page.visible.map((row) => (
            <TableRow key={`${row.member_id}-${row.product}`}>
              <MemberCell name={row.member_name} id={row.member_id} />
              <TableCell className="min-w-28">{productLabel(row.product)}</TableCell>
              <TableCell className="min-w-40">{linesLabel(row.lines)}</TableCell>
              <TableCell numeric>{row.sales.toLocaleString('en-PH')}</TableCell>
              <TableCell>
                <CalendarDate value={row.last_sold_on} />
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
        noun="rows"
        onShowMore={page.showMore}
        onShowAll={page.showAll}
      />
    </TableCard>
  );
}

/**
 * For each verified licence, the commission its holder earned within its term against the
 * ₱10,800 the Insurance Commission asks of an active agent at renewal.
 */
export function EarningsCard({ id }: { id?: string }) {
  const compliance = useCompliance();
  const rows = compliance.data?.earnings ?? [];
  const page = useShowMore(rows);
  const target = formatPeso(RENEWAL_COMMISSION_PESOS);
  return (
    <TableCard
      id={id}
      title="Commission per Licence Term"
      icon={<Scale />}
      description={`What each licence holder earned within the licence's term (held and awaiting entries excluded), against the ${target} the Insurance Commission asks of an active agent at renewal.`}
    >
      <Table caption="Commission earned per licence term" aria-busy={compliance.isPending || undefined} className="[&_td]:px-3 [&_th]:px-3">
        <TableHead>
          <tr>
            <TableHeaderCell>Member</TableHeaderCell>
            <TableHeaderCell>Line</TableHeaderCell>
            <TableHeaderCell>Term</TableHeaderCell>
            <TableHeaderCell numeric>Earned</TableHeaderCell>
            <TableHeaderCell>{`Against ${target}`}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={5}
          query={compliance}
          loadingLabel="Loading the commission per licence term…"
          skeletonClassName={(column) => (column === 0 ? 'h-4 w-32' : 'h-4 w-20')}
          errorMessage="The commission per licence term could not be loaded."
          empty={rows.length === 0}
          emptyIcon={<Scale />}
          emptyTitle="No verified licences yet"
        >
          {page.visible.map((row) => {
            const short = Math.max(0, Math.round((RENEWAL_COMMISSION_PESOS - row.earned) * 100) / 100);
            return (
              <TableRow key={row.license_id}>
                <MemberCell name={row.member_name} id={row.member_id} />
                <TableCell className="whitespace-nowrap">{row.line}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <CalendarDate value={row.issued_on} />
                  <span aria-hidden="true"> – </span>
                  <span className="sr-only"> to </span>
                  <CalendarDate value={row.expires_on} />
                </TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  {/* A negative total (an adjustment) keeps its minus sign and is red too, never by colour alone. */}
                  <span className={cn(row.earned < 0 && 'font-medium text-red-700')}>{formatPeso(row.earned)}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {row.meets_renewal ? (
                    <Badge tone="success" dot>
                      Meets
                    </Badge>
                  ) : (
                    <>
                      <Badge tone="warning" dot>
                        Below
                      </Badge>
                      <span className="mt-1 block text-xs text-slate-500">{`${formatPeso(short)} short`}</span>
                    </>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBodyStates>
      </Table>
      <ShowMore
        shown={page.visible.length}
        total={rows.length}
        next={page.next}
        expanded={page.expanded}
        noun="licences"
        onShowMore={page.showMore}
        onShowAll={page.showAll}
      />
    </TableCard>
  );
}

/**
 * University (issue 47, decision 039): members who sold a line in the last 12 months without the
 * training the agency requires for it, and certificates expiring within 30 days. The agency's
 * rule, not the law's: reported here, it holds no commission.
 */
export function TrainingComplianceCard({ id }: { id?: string }) {
  const training = useTrainingCompliance();
  const untrained = training.data?.untrained ?? [];
  const expiring = training.data?.expiring ?? [];
  return (
    <TableCard
      id={id}
      title="Required Training"
      icon={<GraduationCap />}
      description="Members who sold a line in the last 12 months without a valid certificate of the course the agency requires for it, and certificates expiring within 30 days. The agency’s rule: no commission is held for it."
    >
      <Table
        caption="Members selling without the required training"
        aria-busy={training.isPending || undefined}
        className="[&_td]:px-3 [&_th]:px-3"
      >
        <TableHead>
          <tr>
            <TableHeaderCell>Member</TableHeaderCell>
            <TableHeaderCell>Course</TableHeaderCell>
            <TableHeaderCell>Line</TableHeaderCell>
            <TableHeaderCell numeric>Sales</TableHeaderCell>
            <TableHeaderCell>Last Sold</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={5}
          query={training}
          loadingLabel="Loading the required training…"
          skeletonClassName={(column) => (column === 0 ? 'h-4 w-32' : 'h-4 w-20')}
          errorMessage="The required training could not be loaded."
          empty={untrained.length === 0}
          emptyIcon={<GraduationCap />}
          emptyTitle="Every seller has the training required for what they sell"
        >
          {untrained.map((row) => (
            <TableRow key={`${row.member_id}-${row.course_id}`}>
              <MemberCell name={row.member_name} id={row.member_id} />
              <TableCell className="min-w-40">{row.course}</TableCell>
              <TableCell>{row.line}</TableCell>
              <TableCell numeric>{row.sales.toLocaleString('en-PH')}</TableCell>
              <TableCell>
                <CalendarDate value={row.last_sold_on} />
              </TableCell>
            </TableRow>
          ))}
        </TableBodyStates>
      </Table>
      <Table
        caption="Certificates expiring within 30 days"
        aria-busy={training.isPending || undefined}
        className="mt-4 [&_td]:px-3 [&_th]:px-3"
      >
        <TableHead>
          <tr>
            <TableHeaderCell>Member</TableHeaderCell>
            <TableHeaderCell>Course</TableHeaderCell>
            <TableHeaderCell>Valid Until</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={3}
          query={training}
          loadingLabel="Loading the certificates expiring soon…"
          skeletonClassName={() => 'h-4 w-24'}
          errorMessage="The certificates expiring soon could not be loaded."
          empty={expiring.length === 0}
          emptyIcon={<CalendarClock />}
          emptyTitle="No certificate expires within 30 days"
        >
          {expiring.map((row) => (
            <TableRow key={`${row.member_id}-${row.course_id}-${row.valid_until}`}>
              <MemberCell name={row.member_name} id={row.member_id} />
              <TableCell className="min-w-40">{row.course}</TableCell>
              <TableCell>
                <CalendarDate value={row.valid_until} />
              </TableCell>
            </TableRow>
          ))}
        </TableBodyStates>
      </Table>
    </TableCard>
  );
}
