import { Building2, CircleHelp, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AdminInsurer, UnknownInsurerName } from '@ahente/contract/insurers';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { PageHeader } from '../../ui/page-header';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { useAdminInsurers } from './api';
import { InsurerModal } from './insurer-modal';
import { InsurerRatesModal } from './insurer-rates-modal';
import { LinkNameModal } from './link-name-modal';

/** The open dialog; `seq` gives each opening a fresh form. */
type DialogOf =
  | { kind: 'edit'; insurer: AdminInsurer | null; name?: string }
  | { kind: 'rates'; insurer: AdminInsurer }
  | { kind: 'link'; unknown: UnknownInsurerName };
type Dialog = DialogOf & { seq: number };

/**
 * /admin/insurers, the Admin Panel's 'Insurers' tab (decision 037): the insurers the agency sells
 * for, with their codes, aliases and sales; the insurer names of sales that name none, to link to an
 * insurer or add as one; and each insurer's commission schedule for the agency. English only, like
 * every Admin Panel screen (decision 030).
 */
export function AdminInsurersPage() {
  const query = useAdminInsurers();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  const show = (d: DialogOf) => {
    setDialog((current) => ({ ...d, seq: (current?.seq ?? 0) + 1 }));
    setOpen(true);
  };
  const insurers = query.data?.insurers ?? [];
  const unknown = query.data?.unknown ?? [];

  return (
    <>
      <PageHeader
        title="Insurers"
        description="The insurers the agency sells for. A sale is linked to the insurer its name or an alias spells, whatever the case and spaces."
        actions={
          <Button onClick={() => show({ kind: 'edit', insurer: null })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Insurer
          </Button>
        }
      />
      <div className="flex flex-col gap-5">
        <CardSection title="Insurers" icon={<Building2 />} bodyClassName="px-0! pb-0!" className="overflow-hidden">
          <TableScrollHint>Scroll the table sideways for every column; the actions stay at the right.</TableScrollHint>
          <Table caption="Insurers" aria-busy={query.isPending || undefined}>
            <TableHead>
              <tr>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell>Code</TableHeaderCell>
                <TableHeaderCell>Aliases</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell className="text-right">Sales</TableHeaderCell>
                <TableHeaderCell sticky>Actions</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBodyStates
              columns={6}
              query={query}
              loadingLabel="Loading the insurers…"
              skeletonClassName={(column) => (column === 0 ? 'h-4 w-32' : 'h-4 w-14')}
              errorMessage="The insurers could not be loaded."
              empty={insurers.length === 0}
              emptyIcon={<Building2 />}
              emptyTitle="No insurer yet"
            >
              {insurers.map((insurer) => (
                <TableRow key={insurer.id}>
                  <TableCell className="min-w-36 font-medium text-slate-900">{insurer.name}</TableCell>
                  <TableCell className="font-mono text-xs whitespace-nowrap">{insurer.code}</TableCell>
                  <TableCell className="min-w-40 text-slate-600">
                    {insurer.aliases.length > 0 ? insurer.aliases.join(', ') : <Dash />}
                  </TableCell>
                  <TableCell>{insurer.active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}</TableCell>
                  <TableCell className="text-right tabular-nums">{insurer.sales.toLocaleString('en-PH')}</TableCell>
                  <TableCell sticky>
                    <div className="flex gap-2">
                      <Button size="sm" variant="outline" onClick={() => show({ kind: 'edit', insurer })}>
                        Edit<span className="sr-only">{` ${insurer.name}`}</span>
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => show({ kind: 'rates', insurer })}>
                        Rates<span className="sr-only">{` of ${insurer.name}`}</span>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBodyStates>
          </Table>
        </CardSection>

        <CardSection
          title="Unknown insurer names"
          description="Insurer names typed on sales that match no insurer: link each to the insurer it means (it becomes an alias), or add it as a new insurer."
          icon={<CircleHelp />}
          bodyClassName="px-0! pb-0!"
          className="overflow-hidden"
        >
          <Table caption="Unknown insurer names" aria-busy={query.isPending || undefined}>
            <TableHead>
              <tr>
                <TableHeaderCell>Name on the sales</TableHeaderCell>
                <TableHeaderCell className="text-right">Sales</TableHeaderCell>
                <TableHeaderCell sticky>Actions</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBodyStates
              columns={3}
              query={query}
              loadingLabel="Loading the unknown names…"
              skeletonClassName={() => 'h-4 w-24'}
              errorMessage="The unknown names could not be loaded."
              empty={unknown.length === 0}
              emptyIcon={<CircleHelp />}
              emptyTitle="Every sale names a known insurer"
            >
              {unknown.map((u) => (
                <TableRow key={u.text}>
                  <TableCell className="min-w-36 font-medium text-slate-900">{u.text}</TableCell>
                  <TableCell className="text-right tabular-nums">{u.sales.toLocaleString('en-PH')}</TableCell>
                  <TableCell sticky>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => show({ kind: 'link', unknown: u })}
                        disabled={insurers.length === 0}
                      >
                        Link to…<span className="sr-only">{` (${u.text})`}</span>
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => show({ kind: 'edit', insurer: null, name: u.text })}>
                        Add as new insurer<span className="sr-only">{` (${u.text})`}</span>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBodyStates>
          </Table>
        </CardSection>
      </div>

      {dialog?.kind === 'edit' && (
        <InsurerModal
          key={dialog.seq}
          insurer={dialog.insurer}
          {...(dialog.name ? { name: dialog.name } : {})}
          open={open}
          onOpenChange={setOpen}
        />
      )}
      {dialog?.kind === 'rates' && <InsurerRatesModal key={dialog.seq} insurer={dialog.insurer} open={open} onOpenChange={setOpen} />}
      {dialog?.kind === 'link' && (
        <LinkNameModal key={dialog.seq} unknown={dialog.unknown} insurers={insurers} open={open} onOpenChange={setOpen} />
      )}
    </>
  );
}
