import { RotateCw } from 'lucide-react';
import type { HierarchyResponse } from '@ahente/contract/members';
import { useHierarchy } from '../members';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';

/** The four leaders of a member's hierarchy (decision 011), in the order the tab shows them. */
const LEADERS = [
  { title: 'sponsor', id: 'referror', name: 'referror_name' },
  { title: 'manager', id: 'manager', name: 'manager_name' },
  { title: 'agencyManager', id: 'agency_manager', name: 'agency_manager_name' },
  { title: 'agencyOwner', id: 'agency_owner', name: 'agency_owner_name' },
] as const satisfies readonly { title: string; id: keyof HierarchyResponse; name: keyof HierarchyResponse }[];

/** What an empty read-only field shows: a dash, never 'null'. */
const NONE = '—';

/**
 * /settings/hiearchy (decision 011): read-only Sponsor, Manager, Agency Manager and Agency Owner,
 * each an ID and a name, derived by the server from the sponsor chain.
 */
export function HierarchyTab() {
  const user = useCurrentUser();
  const hierarchy = useHierarchy(user.memberId);
  const { t } = useLanguage();

  return (
    <CardSection
      title={t('settings.hierarchy.title')}
      description={t('settings.hierarchy.description')}
      aria-busy={hierarchy.isPending || undefined}
    >
      {hierarchy.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
          <p className="font-medium text-slate-700">{t('settings.hierarchy.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void hierarchy.refetch()} loading={hierarchy.isFetching}>
            <RotateCw aria-hidden="true" />
            {t('settings.tryAgain')}
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-x-6 gap-y-5 lg:grid-cols-2">
          {LEADERS.map((leader) => {
            const title = t(`settings.hierarchy.${leader.title}`);
            return (
              <fieldset key={leader.title} className="min-w-0 rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
                <div className="grid grid-cols-1 items-end gap-4 sm:grid-cols-[11rem_1fr]">
                  {hierarchy.isPending ? (
                    <>
                      <Skeleton className="h-16 w-full" />
                      <Skeleton className="h-16 w-full" />
                    </>
                  ) : (
                    <>
                      <Field label={t('settings.hierarchy.idOf', { title })}>
                        <Input readOnly value={hierarchy.data[leader.id]?.toString() ?? NONE} className="tabular-nums" />
                      </Field>
                      <Field label={t('settings.hierarchy.nameOf', { title })}>
                        <Input readOnly value={hierarchy.data[leader.name]?.toString() || NONE} />
                      </Field>
                    </>
                  )}
                </div>
              </fieldset>
            );
          })}
        </div>
      )}
      {hierarchy.isPending && (
        <span className="sr-only" role="status">
          {t('settings.hierarchy.loading')}
        </span>
      )}
    </CardSection>
  );
}
