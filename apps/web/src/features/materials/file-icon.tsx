import { FileArchive, FileImage, FileSpreadsheet, FileText, FileVideo, File as FileIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { kindOf } from './material-format';

const icons = {
  pdf: FileText,
  image: FileImage,
  video: FileVideo,
  sheet: FileSpreadsheet,
  archive: FileArchive,
  text: FileText,
  other: FileIcon,
} as const;

const tones = {
  pdf: 'bg-red-50 text-red-700',
  image: 'bg-violet-50 text-violet-700',
  video: 'bg-sky-50 text-sky-700',
  sheet: 'bg-green-50 text-green-700',
  archive: 'bg-amber-50 text-amber-700',
  text: 'bg-blue-50 text-blue-700',
  other: 'bg-slate-100 text-slate-600',
} as const;

/** A decorative icon for a material's kind of file. */
export function MaterialFileIcon({ type, className }: { type: string; className?: string }) {
  const kind = kindOf(type);
  const Icon = icons[kind];
  return (
    <span aria-hidden="true" className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tones[kind], className)}>
      <Icon className="size-5" />
    </span>
  );
}
