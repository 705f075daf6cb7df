import type { ReactNode } from 'react';
import type { Material } from '@ahente/contract/materials';
import './i18n';
import { useLanguage } from '../../i18n';
import { Skeleton } from '../../ui/skeleton';
import { MaterialFileIcon } from './file-icon';
import { describeType, formatFileSize, formatUploaded, formatUploadedLong } from './material-format';

interface MaterialListProps {
  /** The list's accessible name, e.g. "Materials in Product Guides". */
  label: string;
  materials: readonly Material[];
  /** The buttons of one material (Download, Delete...). */
  actions: (material: Material) => ReactNode;
}

/** A section's materials: kind icon, title, type · size · upload date, and the item's actions. */
export function MaterialList({ label, materials, actions }: MaterialListProps) {
  const { t } = useLanguage();
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {materials.map((material) => (
        <li key={material.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0 sm:flex-nowrap">
          <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
            <MaterialFileIcon type={material.type} />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium [overflow-wrap:anywhere] text-slate-900">{material.title}</p>
              <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-slate-500">
                <span>{describeType(material.type)}</span>
                <span aria-hidden="true">·</span>
                <span className="tabular-nums">{formatFileSize(material.size)}</span>
                {formatUploaded(material.createdat) && (
                  <>
                    <span aria-hidden="true">·</span>
                    <span>
                      {t('materials.uploaded')}{' '}
                      <time dateTime={material.createdat} title={formatUploadedLong(material.createdat)}>
                        {formatUploaded(material.createdat)}
                      </time>
                    </span>
                  </>
                )}
              </p>
            </div>
          </div>
          <div className="ml-13 flex shrink-0 items-center gap-2 sm:ml-0">{actions(material)}</div>
        </li>
      ))}
    </ul>
  );
}

/** Rows of placeholders while a list loads. */
export function MaterialListSkeleton({ rows = 3, label }: { rows?: number; label?: string }) {
  const { t } = useLanguage();
  return (
    <div aria-busy="true">
      <span role="status" className="sr-only">
        {label ?? t('materials.loadingMaterials')}
      </span>
      <ul aria-hidden="true" className="divide-y divide-slate-100">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
            <Skeleton className="size-10 rounded-lg" />
            <div className="flex-1">
              <Skeleton className="h-4 w-3/5 max-w-72" />
              <Skeleton className="mt-2 h-3 w-2/5 max-w-48" />
            </div>
            <Skeleton className="h-8 w-20" />
          </li>
        ))}
      </ul>
    </div>
  );
}
