import { formatManilaDate, formatManilaDateTime } from '../../lib/dates';
import { currentLocale } from '../../lib/locale';

/** How materials read to a person: sizes, kinds of file and upload dates. */

/** 0 bytes, 812 bytes, 12.4 KB, 3.1 MB, 1.2 GB (1024-based, as file managers show them). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 100 ? 0 : 1;
  return `${Number(value.toFixed(digits)).toLocaleString(currentLocale())} ${units[unit]}`;
}

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'video/mp4': 'MP4 video',
  'application/zip': 'ZIP archive',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.ms-excel': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'text/plain': 'Text file',
  'text/csv': 'CSV file',
};

/** 'application/pdf' → 'PDF'; an unknown type → its subtype in capitals ('FOO'), or 'File'. */
export function describeType(contentType: string): string {
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const known = KINDS[base];
  if (known) return known;
  const sub = base.split('/')[1];
  return sub ? sub.replace(/^x-/, '').toUpperCase() : 'File';
}

/** The broad kind of a file, for its icon. */
export function kindOf(contentType: string): 'pdf' | 'image' | 'video' | 'sheet' | 'archive' | 'text' | 'other' {
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (base === 'application/pdf') return 'pdf';
  if (base.startsWith('image/')) return 'image';
  if (base.startsWith('video/')) return 'video';
  if (base.includes('spreadsheet') || base.includes('excel') || base === 'text/csv') return 'sheet';
  if (base === 'application/zip') return 'archive';
  if (base.startsWith('text/') || base.includes('word') || base.includes('presentation') || base.includes('powerpoint')) return 'text';
  return 'other';
}

/** A UTC ISO timestamp as its Manila date ('Jan 5, 2026'); '' when it is not a date. */
export function formatUploaded(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? '' : formatManilaDate(iso);
}

/** The same with the time, for a tooltip. */
export function formatUploadedLong(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? '' : formatManilaDateTime(iso);
}
