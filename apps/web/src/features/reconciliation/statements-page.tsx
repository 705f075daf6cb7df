import { FileSpreadsheet, Inbox, Undo2, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { formatPeso } from '@ahente/contract/money';
import {
  MAPPING_FIELD_LABELS,
  MAPPING_FIELDS,
  REQUIRED_MAPPING_FIELDS,
  STATEMENT_EXTENSIONS,
  type MappingField,
} from '@ahente/contract/reconciliation-rules';
import {
  undoImportRequest,
  type PreviewStatementResponse,
  type StatementImportRecord,
  type StatementMapping,
} from '@ahente/contract/reconciliation';
import { isApiError, serverReason } from '../../api/client';
import { FileDrop } from '../materials';
import { formatMonth, formatTimestampParts } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { ReasonModal } from '../../ui/reason-modal';
import { Select } from '../../ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { unreadableRows, useImportStatement, useInsurerOptions, usePreviewStatement, useStatementImports, useUndoImport } from './api';
import { StatementsNav } from './statements-nav';

const undoSchema = z.object({ reason: undoImportRequest.shape.reason });

/** This month, YYYY-MM (the statement's usual month is the last one). */
function lastMonth(): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
}

type Mapping = Record<MappingField, string>;

/**
 * Admin Panel → Statements (issue 45 §2, §7): an insurer's statement file is chosen (or dropped),
 * previewed with the column each field is read from (the insurer's saved mapping, else one guessed
 * from the names; a select per field) and the first lines as the import reads them, then imported
 * for a month; the imports below, newest first, each opened on its reconciliation page or undone
 * with a reason.
 */
export function StatementsPage() {
  return (
    <>
      <PageHeader
        title="Statements"
        description="The insurers' commission statements: each line is matched to a sale by its policy number, and a matched sale can be verified from it."
      />
      <StatementsNav />
      <div className="flex flex-col gap-5">
        <UploadCard />
        <ImportsCard />
      </div>
    </>
  );
}

function UploadCard() {
  const navigate = useNavigate();
  const insurers = useInsurerOptions();
  const preview = usePreviewStatement();
  const importing = useImportStatement();
  const [insurerId, setInsurerId] = useState('');
  const [period, setPeriod] = useState(lastMonth);
  const [total, setTotal] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [failure, setFailure] = useState<{ text: string; rows: { row_no: number; message: string }[]; importId?: number } | null>(null);
  const { mutate: runPreview, reset: resetPreview } = preview;

  // A new file or insurer is read again at once.
  const read = (nextFile: File | null, nextInsurer: string) => {
    setFile(nextFile);
    setInsurerId(nextInsurer);
    setFailure(null);
    setMapping(null);
    if (!nextFile || !nextInsurer) {
      resetPreview();
      return;
    }
    runPreview(
      { file: nextFile, insurerId: Number(nextInsurer) },
      {
        onSuccess: (answer) => setMapping(mappingOf(answer)),
        onError: (error) => setFailure({ text: serverReason(error) ?? 'The file could not be read.', rows: [] }),
      },
    );
  };

  const missing = mapping ? REQUIRED_MAPPING_FIELDS.filter((f) => !mapping[f]) : [];
  const canImport = Boolean(file && insurerId && mapping && missing.length === 0 && /^\d{4}-\d{2}$/.test(period));

  const submit = async () => {
    if (!file || !mapping || !canImport || importing.isPending) return;
    setFailure(null);
    const chosen = Object.fromEntries(MAPPING_FIELDS.map((f) => [f, mapping[f] || null])) as StatementMapping;
    try {
      const { import: imp } = await importing.mutateAsync({
        file,
        insurerId: Number(insurerId),
        period,
        mapping: chosen,
        statementTotal: total,
      });
      toast.success(`Imported ${imp.lines.toLocaleString('en-PH')} lines: ${imp.matched.toLocaleString('en-PH')} matched`);
      setFile(null);
      setMapping(null);
      resetPreview();
      setFileKey((k) => k + 1);
      setTotal('');
      void navigate(`/admin/statements/${imp.id}`);
    } catch (error) {
      const unreadable = unreadableRows(error);
      const conflict = isApiError(error, 409) ? (error.body as { import_id?: number } | null) : null;
      setFailure({
        text: serverReason(error) ?? 'The statement could not be imported. Please try again.',
        rows: unreadable?.rows ?? [],
        ...(conflict?.import_id ? { importId: conflict.import_id } : {}),
      });
    }
  };

  return (
    <CardSection
      title="Import a statement"
      icon={<Upload />}
      description="An .xlsx or .csv file as the insurer sent it: the title rows above its header are skipped."
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Field label="Insurer">
          <Select value={insurerId} onChange={(e) => read(file, e.target.value)} disabled={insurers.isPending}>
            <option value="">Choose the insurer</option>
            {(insurers.data?.insurers ?? []).map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Statement month" hint="The month the statement pays.">
          <Input type="month" value={period} onChange={(e) => setPeriod(e.target.value)} />
        </Field>
        <Field label="Statement total (optional)" hint="The total the statement prints, to tie out.">
          <Input inputMode="decimal" autoComplete="off" placeholder="₱0.00" value={total} onChange={(e) => setTotal(e.target.value)} />
        </Field>
      </div>
      <Field
        label="Statement file"
        className="mt-4"
        hint={
          file
            ? `${file.name} · ${file.size < 1024 ? `${file.size} bytes` : `${Math.round(file.size / 1024).toLocaleString('en-PH')} kB`}`
            : '.xlsx or .csv'
        }
      >
        <FileDrop
          key={fileKey}
          accept={STATEMENT_EXTENSIONS.join(',')}
          typesText="An .xlsx or .csv file"
          onFile={(next) => read(next, insurerId)}
        />
      </Field>

      {preview.isPending && (
        <p className="mt-4 text-sm text-slate-600" role="status">
          Reading the file…
        </p>
      )}
      {preview.data && mapping && (
        <PreviewSection
          preview={preview.data}
          mapping={mapping}
          onChange={(field, column) => setMapping({ ...mapping, [field]: column })}
        />
      )}

      {failure && (
        <Notice tone="error" className="mt-4">
          {failure.text}
          {failure.importId && (
            <>
              {' '}
              <Link to={`/admin/statements/${failure.importId}`} className="font-medium underline underline-offset-2">
                Open that import
              </Link>
            </>
          )}
          {failure.rows.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {failure.rows.slice(0, 10).map((r) => (
                <li key={r.row_no}>{`Row ${r.row_no}: ${r.message}`}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={() => void submit()} disabled={!canImport} loading={importing.isPending}>
          Import statement
        </Button>
        {mapping && missing.length > 0 && (
          <p className="text-sm text-red-700">{`Choose the column of: ${missing.map((f) => MAPPING_FIELD_LABELS[f].toLowerCase()).join(', ')}.`}</p>
        )}
      </div>
    </CardSection>
  );
}

function mappingOf(preview: PreviewStatementResponse): Mapping {
  return Object.fromEntries(MAPPING_FIELDS.map((f) => [f, preview.mapping[f] ?? ''])) as Mapping;
}

/** The mapping (a select per field) and the first lines: as read when the mapping is the one proposed, else the cells the chosen columns hold. */
function PreviewSection({
  preview,
  mapping,
  onChange,
}: {
  preview: PreviewStatementResponse;
  mapping: Mapping;
  onChange: (field: MappingField, column: string) => void;
}) {
  const proposed = useMemo(() => mappingOf(preview), [preview]);
  const asProposed = MAPPING_FIELDS.every((f) => mapping[f] === proposed[f]);
  const shown = MAPPING_FIELDS.filter((f) => mapping[f]);
  const cellOf = (cells: readonly string[], field: MappingField) => cells[preview.columns.indexOf(mapping[field])] ?? '';
  const readText = (row: PreviewStatementResponse['rows'][number], field: MappingField): string => {
    const v = row.read[field];
    if (v === null) return '';
    if (field === 'commission' || field === 'premium') return formatPeso(v as number);
    return String(v);
  };
  return (
    <div className="mt-5 border-t border-slate-200 pt-5">
      <h3 className="text-base font-semibold text-slate-900">Preview</h3>
      <p className="mt-1 text-sm text-slate-600">
        {`Header found on row ${preview.header_row}, ${preview.columns.length} columns. `}
        {preview.mapping_saved ? "The columns are this insurer's last import's." : 'The columns are guessed from their names: check them.'}
      </p>
      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {MAPPING_FIELDS.map((field) => (
          <Field
            key={field}
            label={`${MAPPING_FIELD_LABELS[field]}${(REQUIRED_MAPPING_FIELDS as readonly string[]).includes(field) ? '' : ' (optional)'}`}
          >
            <Select value={mapping[field]} onChange={(e) => onChange(field, e.target.value)}>
              <option value="">Not in this file</option>
              {preview.columns.map((c, i) =>
                c ? (
                  <option key={`${i}-${c}`} value={c}>
                    {c}
                  </option>
                ) : null,
              )}
            </Select>
          </Field>
        ))}
      </div>
      <p className="mt-4 text-sm text-slate-600">
        {asProposed
          ? `The first ${preview.rows.length} lines, as the import reads them:`
          : `The first ${preview.rows.length} lines, as the chosen columns hold them (the import reads them with this mapping):`}
      </p>
      <Card className="mt-2 overflow-hidden">
        <Table caption="The statement's first lines" dense>
          <TableHead>
            <tr>
              <TableHeaderCell numeric>Row</TableHeaderCell>
              {shown.map((f) => (
                <TableHeaderCell key={f} numeric={f === 'commission' || f === 'premium'}>
                  {MAPPING_FIELD_LABELS[f]}
                </TableHeaderCell>
              ))}
              {asProposed && <TableHeaderCell>Problem</TableHeaderCell>}
            </tr>
          </TableHead>
          <TableBody>
            {preview.rows.map((row) => (
              <TableRow key={row.row_no} className={row.error && asProposed ? 'bg-red-50' : undefined}>
                <TableCell numeric className="text-slate-500">
                  {row.row_no}
                </TableCell>
                {shown.map((f) => (
                  <TableCell key={f} numeric={f === 'commission' || f === 'premium'}>
                    {(asProposed ? readText(row, f) : cellOf(row.cells, f)) || <Dash />}
                  </TableCell>
                ))}
                {asProposed && <TableCell className="text-red-700">{row.error ?? ''}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </div>
  );
}

function ImportsCard() {
  const imports = useStatementImports();
  const undo = useUndoImport();
  const [undoing, setUndoing] = useState<{ imp: StatementImportRecord; seq: number } | null>(null);
  const rows = imports.data?.imports ?? [];
  const confirmUndo = async (reason: string) => {
    if (!undoing) return;
    try {
      const result = await undo.mutateAsync({ import_id: undoing.imp.id, reason });
      toast.success(`Import undone: ${result.unverified.toLocaleString('en-PH')} sales back to unverified`);
      setUndoing(null);
    } catch (error) {
      toast.error(serverReason(error) ?? 'The import could not be undone.');
      setUndoing(null);
    }
  };
  return (
    <CardSection
      title="Imports"
      icon={<FileSpreadsheet />}
      description="Newest first. Undoing an import takes back only what it decided."
      bodyClassName="p-0"
    >
      <Table caption="Statement imports" dense>
        <TableHead>
          <tr>
            <TableHeaderCell>Statement</TableHeaderCell>
            <TableHeaderCell numeric>Lines</TableHeaderCell>
            <TableHeaderCell>By state</TableHeaderCell>
            <TableHeaderCell numeric>Received</TableHeaderCell>
            <TableHeaderCell numeric>Statement total</TableHeaderCell>
            <TableHeaderCell>Imported</TableHeaderCell>
            <TableHeaderCell>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={7}
          skeletonClassName={() => 'h-4 w-16'}
          query={imports}
          loadingLabel="Loading imports…"
          errorMessage="The imports could not be loaded."
          empty={rows.length === 0}
          emptyIcon={<Inbox />}
          emptyTitle="No statement imported yet"
          emptyDescription="Import an insurer's statement above."
        >
          {rows.map((imp) => {
            const at = formatTimestampParts(imp.created_at);
            return (
              <TableRow key={imp.id}>
                <TableCell className="min-w-40">
                  <Link to={`/admin/statements/${imp.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    {`${imp.insurer_name} · ${formatMonth(imp.period)}`}
                  </Link>
                  <span className="block text-xs break-all text-slate-500">{imp.file_name}</span>
                  {imp.undone_at && (
                    <Badge tone="neutral" className="mt-1">
                      Undone
                    </Badge>
                  )}
                </TableCell>
                <TableCell numeric>{imp.lines.toLocaleString('en-PH')}</TableCell>
                <TableCell className="min-w-44 text-xs text-slate-600">
                  {`${imp.matched} matched · ${imp.differs} differ · ${imp.unmatched} unmatched · ${imp.duplicates} duplicate · ${imp.chargebacks} chargeback · ${imp.ignored} ignored`}
                </TableCell>
                <TableCell numeric>{formatPeso(imp.received_total)}</TableCell>
                <TableCell numeric>
                  {imp.statement_total === null ? <Dash /> : formatPeso(imp.statement_total)}
                  {imp.tie_out_difference !== null && imp.tie_out_difference !== 0 && (
                    <span className="block text-xs font-medium text-red-700">{`Off by ${formatPeso(imp.tie_out_difference)}`}</span>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={imp.created_at}>{at.date}</time>
                  <span className="block text-xs text-slate-500">{imp.created_by_name ?? ''}</span>
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap justify-end gap-2">
                    <Link to={`/admin/statements/${imp.id}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                      Reconcile
                    </Link>
                    {imp.can_undo && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Undo the import of ${imp.insurer_name} ${imp.period}`}
                        onClick={() => setUndoing((current) => ({ imp, seq: (current?.seq ?? 0) + 1 }))}
                      >
                        <Undo2 aria-hidden="true" />
                        Undo
                      </Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBodyStates>
      </Table>
      {undoing && (
        <ReasonModal
          key={undoing.seq}
          open
          onOpenChange={(open) => !open && setUndoing(null)}
          title={`Undo the import of ${undoing.imp.insurer_name} ${undoing.imp.period}`}
          description="Its lines stop counting, and the sales it verified go back to unverified. The import stays listed, marked undone, with your reason."
          hint="For example: the wrong month's file. At most 200 characters."
          confirmLabel="Undo import"
          schema={undoSchema}
          busy={undo.isPending}
          onConfirm={(reason) => void confirmUndo(reason)}
        />
      )}
    </CardSection>
  );
}
