/**
 * Builds sales_data.xlsx off the main thread (10,000 sales take a moment to write and compress):
 * receives the sales to export, answers { blob } or { error }.
 */
import type { SaleRecord } from '@ahente/contract/sales';
import { buildSalesWorkbook } from './sales-workbook';

self.onmessage = async (event: MessageEvent<readonly SaleRecord[]>) => {
  try {
    self.postMessage({ blob: await buildSalesWorkbook(event.data) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
