import { ClipboardList, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminQueues } from '@ahente/contract/admin-queues';
import { ADMIN_QUEUE_LINKS } from '@ahente/contract/queue-rules';
import type { AgencyTaxField } from '@ahente/contract/tax';
import { useAdminQueues } from './api';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatCalendarDate } from '../../lib/dates';
import { currentLocale } from '../../lib/locale';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { CardLink } from './card-link';

type Queue = Exclude<keyof typeof ADMIN_QUEUE_LINKS, 'agency_tax_details'>;
const QUEUES = [
  'sales_to_verify',
  'pending_members',
  'open_tickets',
  'licences_to_verify',
  'held_commissions',
  'privacy_requests',
] as const;
const LABEL = {
  sales_to_verify: 'adminQueues.salesToVerify',
  pending_members: 'adminQueues.pendingMembers',
  open_tickets: 'adminQueues.openTickets',
  licences_to_verify: 'adminQueues.licencesToVerify',
  held_commissions: 'adminQueues.heldCommissions',
  privacy_requests: 'adminQueues.privacyRequests',
} as const satisfies Record<Queue, string>;
const FIELD = { tin: 'adminQueues.fieldTin', address: 'adminQueues.fieldAddress', rdo: 'adminQueues.fieldRdo' } as const satisfies Record<
  AgencyTaxField,
  string
>;

const countOf = (data: AdminQueues, queue: Queue) => (queue === 'privacy_requests' ? data.privacy_requests.count : data[queue]);

/**
 * The administrator's dashboard (decisions 021 and 019), from one request: the work waiting, each
 * queue's count linking to the queue (the count is the queue's own length, computed by the server
 * with the queue's query), and, while the agency has something to set up, the set-up list saying
 * what is missing and how to set it.
 */
export function AdminQueuesCards() {
  const queues = useAdminQueues();
  const { t } = useLanguage();
  const data = queues.data;
  const fmt = (n: number) => n.toLocaleString(currentLocale());
  const missing = data?.setup.agency_tax_details ?? [];
  return (
    <>
      <CardSection
        title={t('adminQueues.title')}
        description={t('adminQueues.description')}
        icon={<ClipboardList />}
        className="min-w-0 lg:col-span-3"
        aria-busy={queues.isPending || undefined}
      >
        {queues.isError ? (
          <div className="flex flex-col items-start gap-3">
            <Notice tone="error">{t('adminQueues.failed')}</Notice>
            <Button variant="outline" size="sm" onClick={() => void queues.refetch()} loading={queues.isFetching}>
              {t('adminQueues.retry')}
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
            {QUEUES.map((queue) => {
              const n = data ? countOf(data, queue) : null;
              const nearest = data?.privacy_requests.nearest_due_on ?? null;
              return (
                <li key={queue} className="min-w-0">
                  <Link
                    to={ADMIN_QUEUE_LINKS[queue]}
                    className={cn(
                      'flex h-full flex-col rounded-lg border p-3 transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600',
                      n ? 'border-amber-300 bg-amber-50/60' : 'border-slate-200',
                    )}
                  >
                    <span className="text-sm font-medium text-slate-700">{t(LABEL[queue])}</span>
                    {n === null ? (
                      <>
                        <Skeleton className="mt-1 h-8 w-12" />
                        <span className="sr-only">{t('adminQueues.loading')}</span>
                      </>
                    ) : (
                      <span className={cn('mt-1 text-2xl font-semibold tabular-nums', n ? 'text-amber-900' : 'text-slate-400')}>
                        {fmt(n)}
                      </span>
                    )}
                    {queue === 'privacy_requests' && data && (
                      <span className="mt-1 text-xs text-slate-600">
                        {nearest ? t('adminQueues.nearestDue', { date: formatCalendarDate(nearest) }) : t('adminQueues.noDeadline')}
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardSection>
      {missing.length > 0 && (
        <CardSection
          title={t('adminQueues.setupTitle')}
          description={t('adminQueues.setupDescription')}
          icon={<Wrench />}
          className="min-w-0 lg:col-span-3"
        >
          <ul>
            <li>
              <h3 className="text-sm font-semibold text-slate-900">{t('adminQueues.agencyTax')}</h3>
              <p className="mt-1 text-sm text-slate-700">
                {t('adminQueues.agencyTaxMissing', { fields: missing.map((f) => t(FIELD[f])).join(', ') })}
              </p>
              <p className="mt-1 text-sm text-slate-500">{t('adminQueues.agencyTaxHow')}</p>
              <CardLink to={ADMIN_QUEUE_LINKS.agency_tax_details}>{t('adminQueues.setAgencyTax')}</CardLink>
            </li>
          </ul>
        </CardSection>
      )}
    </>
  );
}
