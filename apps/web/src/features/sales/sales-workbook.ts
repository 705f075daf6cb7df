import writeExcelFile from 'write-excel-file/browser';
import { productLabel } from '@ahente/contract/labels';
import { PESO_EXCEL_FORMAT } from '@ahente/contract/money';
import type { SaleRecord } from '@ahente/contract/sales';
import { DATE_EXCEL_FORMAT, excelCalendarDate } from '@ahente/contract/dates';
import { saleStateLabel } from '@ahente/contract/sales-rules';

/** One sheet, named 'Sales' (decision 005). */
export const EXPORT_SHEET_NAME = 'Sales';

/**
 * The columns of the Sales table without '#': a row number is the table's running count of what
 * is shown, and a spreadsheet numbers its rows itself. The table's Verification column is two here,
 * the status and a rejection's reason, so that a spreadsheet can filter on the status.
 */
export const EXPORT_HEADERS = [
  'Sales ID',
  'Customer Name',
  'Transaction Type',
  'Product',
  'TCV',
  'Policy',
  'Insurer',
  'Plan Name',
  'Effective Date',
  'Expiry Date',
  'Verification',
  'Rejection Reason',
  'Cancelled On',
  'Cancellation Reason',
  'Refund',
] as const;

export const DATE_FORMAT = DATE_EXCEL_FORMAT;

const WIDTHS = [10, 28, 16, 26, 16, 18, 22, 20, 14, 14, 22, 40, 14, 40, 16];

/** "2026-03-05" as a Date at midnight UTC: the spreadsheet's date cell then shows that calendar day. */
const calendarDate = (value: string): Date | string => excelCalendarDate(value) ?? value;

/**
 * sales_data.xlsx as a Blob: a bold header row that stays in view, then `rows` in the order given.
 * TCV is a number cell in pesos with a peso format; the effective and expiry dates are date cells
 * (yyyy-mm-dd; no expiry for a Memorial Plan); Sales ID is a number; the other columns are text
 * (empty when the sale has none), the product as the screen names it (decision 023: 'Performance
 * Bond' for the catalogue's 'Perfomance Bond'). Verification is the label the screen's badge shows
 * ('Awaiting verification', 'Verified', 'Rejected', and 'Cancelled' for a cancelled sale, decision
 * 023), and a rejected sale's reason follows it. A cancelled sale (decision 019) has its day (a
 * date cell), its reason and its refund (pesos) in the last three columns, empty for a sale in
 * force.
 */
export function buildSalesWorkbook(rows: readonly SaleRecord[]): Promise<Blob> {
  const header = EXPORT_HEADERS.map((value) => ({ value, fontWeight: 'bold' as const }));
  const body = rows.map((s) => {
    const date = calendarDate(s.effective_date);
    const cancelled = s.cancelled_on !== null ? calendarDate(s.cancelled_on) : null;
    const expiry = s.expiry_date !== null ? calendarDate(s.expiry_date) : null;
    return [
      { value: s.id, type: Number },
      s.customer_name,
      s.tx_type,
      productLabel(s.product),
      { value: s.tcv, type: Number, format: PESO_EXCEL_FORMAT },
      s.policy_number ?? null,
      s.insurer ?? null,
      s.plan_name ?? null,
      date instanceof Date ? { value: date, type: Date, format: DATE_FORMAT } : date,
      expiry instanceof Date ? { value: expiry, type: Date, format: DATE_FORMAT } : expiry,
      saleStateLabel(s),
      s.verification === 'rejected' ? s.rejection_reason : null,
      cancelled instanceof Date ? { value: cancelled, type: Date, format: DATE_FORMAT } : cancelled,
      s.cancel_reason,
      s.refund !== null ? { value: s.refund, type: Number, format: PESO_EXCEL_FORMAT } : null,
    ];
  });
  return writeExcelFile([header, ...body], {
    sheet: EXPORT_SHEET_NAME,
    columns: WIDTHS.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBlob();
}
