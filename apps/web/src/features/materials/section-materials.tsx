import { FolderX, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { LIBRARY_TITLES, MATERIAL_LIBRARIES, type Material, type Section } from '@ahente/contract/materials';
import type { useMaterials } from './api';
import './i18n';
import { useLanguage } from '../../i18n';
import { cn } from '../../lib/cn';
import { currentLocale } from '../../lib/locale';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { MaterialList, MaterialListSkeleton } from './material-list';

interface SectionSelectProps {
  sections: readonly Section[];
  /** The chosen section's id. */
  value: number;
  onChange: (id: number) => void;
  /**
   * Sections of both libraries (the Materials Panel): the options are grouped by library, and the
   * chosen section's library is said under the select.
   */
  grouped?: boolean;
  disabled?: boolean;
  className?: string;
}

/** The 'Section' select of the materials screens, one option per section by name. */
export function SectionSelect({ sections, value, onChange, grouped = false, disabled, className }: SectionSelectProps) {
  const { t } = useLanguage();
  const chosen = sections.find((s) => s.id === value);
  return (
    <Field
      label={t('materials.section')}
      className={className}
      hint={grouped && chosen ? `Agents find it in ${LIBRARY_TITLES[chosen.library]}.` : undefined}
    >
      <Select
        value={String(value)}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        options={grouped ? undefined : sections.map((s) => ({ value: String(s.id), label: s.name }))}
      >
        {grouped &&
          MATERIAL_LIBRARIES.map((library) => {
            const inLibrary = sections.filter((s) => s.library === library);
            return (
              inLibrary.length > 0 && (
                <optgroup key={library} label={LIBRARY_TITLES[library]}>
                  {inLibrary.map((s) => (
                    <option key={s.id} value={String(s.id)}>
                      {s.name}
                    </option>
                  ))}
                </optgroup>
              )
            );
          })}
      </Select>
    </Field>
  );
}

type MaterialsQuery = ReturnType<typeof useMaterials>;

interface SectionPickerProps {
  sections: readonly Section[];
  section: Section;
  onSectionChange: (id: number) => void;
  /** The chosen section's materials: their count is shown beside the select once loaded. */
  materials: MaterialsQuery;
  /** Sections of both libraries: see SectionSelect. */
  grouped?: boolean;
  className?: string;
}

/** The Section select, and how many files the chosen section holds. */
export function SectionPicker({ sections, section, onSectionChange, materials, grouped, className }: SectionPickerProps) {
  const { t } = useLanguage();
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between', className)}>
      <SectionSelect sections={sections} value={section.id} onChange={onSectionChange} grouped={grouped} className="w-full sm:max-w-xs" />
      {materials.data && materials.data.length > 0 && (
        <p className="text-sm text-slate-500 tabular-nums sm:pt-9">
          {t('materials.files', { count: materials.data.length, n: materials.data.length.toLocaleString(currentLocale()) })}
        </p>
      )}
    </div>
  );
}

interface SectionMaterialsListProps {
  section: Section;
  materials: MaterialsQuery;
  /** The title said when the list cannot be loaded (each screen has its message). */
  errorTitle: string;
  /** Said under 'No materials in this section yet.'. */
  emptyDescription?: string;
  /** The buttons of one material. */
  actions: (material: Material) => ReactNode;
}

/** A section's materials: placeholders while loading, an error with Try again, an empty state, or the list. */
export function SectionMaterialsList({ section, materials, errorTitle, emptyDescription, actions }: SectionMaterialsListProps) {
  const { t } = useLanguage();
  if (materials.isPending) return <MaterialListSkeleton />;
  if (materials.isError) {
    return (
      <EmptyState
        compact
        icon={<TriangleAlert />}
        title={errorTitle}
        description={t('materials.sectionFailed')}
        action={
          <Button variant="outline" size="sm" onClick={() => void materials.refetch()} loading={materials.isFetching}>
            <RefreshCw aria-hidden="true" />
            {t('materials.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (materials.data.length === 0) {
    return <EmptyState compact icon={<FolderX />} title={t('materials.noMaterials')} description={emptyDescription} />;
  }
  return <MaterialList label={t('materials.materialsIn', { section: section.name })} materials={materials.data} actions={actions} />;
}
