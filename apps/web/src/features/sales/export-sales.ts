import type { SaleRecord } from '@ahente/contract/sales';
import { saveBlob } from '../../lib/save-blob';

/** Spec §2, §9: the export is built on the user's device and saved as sales_data.xlsx. */
export const EXPORT_FILE_NAME = 'sales_data.xlsx';

/** Builds the workbook in a Web Worker (a same-origin script, allowed by the CSP). */
function buildInWorker(rows: readonly SaleRecord[]): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sales-workbook.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ blob?: Blob; error?: string }>) => {
      worker.terminate();
      if (event.data.blob) resolve(event.data.blob);
      else reject(new Error(event.data.error ?? 'The export failed'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      event.preventDefault();
      reject(new Error(event.message || 'The export worker could not run'));
    };
    worker.postMessage(rows);
  });
}

/**
 * Exports `rows` (the filtered sales, in the order shown) to sales_data.xlsx. The workbook is
 * built in a worker; where workers are unavailable it is built on the page instead.
 */
export async function exportSalesToExcel(rows: readonly SaleRecord[]): Promise<void> {
  let blob: Blob;
  try {
    blob = await buildInWorker(rows);
  } catch {
    const { buildSalesWorkbook } = await import('./sales-workbook');
    blob = await buildSalesWorkbook(rows);
  }
  saveBlob(blob, EXPORT_FILE_NAME);
}
