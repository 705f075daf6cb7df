import { RotateCw } from 'lucide-react';
import type { HierarchyResponse } from '@ahente/contract/members';
import { useHierarchy } from '../../api/members';
import { useCurrentUser } from '../../api/session';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';

/** The four leaders of spec §3 Hierarchy, in the order the tab shows them. */
const LEADERS = [
  { title: 'Sponsor', id: 'referror', name: 'referror_name' },
  { title: 'Manager', id: 'manager', name: 'manager_name' },
  { title: 'Agency Manager', id: 'agency_manager', name: 'agency_manager_name' },
  { title: 'Agency Owner', id: 'agency_owner', name: 'agency_owner_name' },
] as const satisfies readonly { title: string; id: keyof HierarchyResponse; name: keyof HierarchyResponse }[];

/** What an empty read-only field shows: a dash, never 'null'. */
const NONE = '—';

/**
 * /settings/hiearchy (spec §2 Settings, Hiearchy): read-only Sponsor, Manager, Agency Manager and
 * Agency Owner, each an ID and a name, derived by the server from the sponsor chain.
 */
export function HierarchyTab() {
  const user = useCurrentUser();
  const hierarchy = useHierarchy(user.user);

  return (
    <CardSection
      title="Hiearchy"
      description="Who sponsored you and the leaders above you. Only an administrator can change them."
      aria-busy={hierarchy.isPending || undefined}
    >
      {hierarchy.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
          <p className="font-medium text-slate-700">Your hierarchy could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void hierarchy.refetch()} loading={hierarchy.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-x-6 gap-y-5 lg:grid-cols-2">
          {LEADERS.map((leader) => (
            <fieldset key={leader.title} className="min-w-0 rounded-lg border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">{leader.title}</legend>
              <div className="grid grid-cols-1 items-end gap-4 sm:grid-cols-[11rem_1fr]">
                {hierarchy.isPending ? (
                  <>
                    <Skeleton className="h-16 w-full" />
                    <Skeleton className="h-16 w-full" />
                  </>
                ) : (
                  <>
                    <Field label={`${leader.title} ID`}>
                      <Input readOnly value={hierarchy.data[leader.id]?.toString() ?? NONE} className="tabular-nums" />
                    </Field>
                    <Field label={`${leader.title} Name`}>
                      <Input readOnly value={hierarchy.data[leader.name]?.toString() || NONE} />
                    </Field>
                  </>
                )}
              </div>
            </fieldset>
          ))}
        </div>
      )}
      {hierarchy.isPending && (
        <span className="sr-only" role="status">
          Loading your hierarchy…
        </span>
      )}
    </CardSection>
  );
}
