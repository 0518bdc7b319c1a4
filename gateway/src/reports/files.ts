import type { OpportunityRow } from '@insight/shared/scan/schemas';
import { sectorDisplayName } from '@insight/shared';
import type { MarketDataReportType } from '@insight/shared/reports/schemas';
import { addTable, newWorkbook, workbookBuffer, type TableColumn } from '../platform/workbook';
import { opportunityColumns, scoreColumns } from '../scan/excel';

/** A report row: the scanner's opportunity and its return over the report's months. */
export interface ReportRow extends OpportunityRow {
  /** Percent, from the last close before the from month to the close of the as-of day; null without both. */
  periodReturn: number | null;
}

function columnsOf(type: MarketDataReportType): TableColumn<ReportRow>[] {
  return [
    ...opportunityColumns,
    { header: 'Return %', width: 10, value: (r) => r.periodReturn },
    ...(type === 'scored' ? scoreColumns : []),
  ];
}

/** A sheet name: the sector's display name (Excel allows 31 characters). */
export const sheetName = (sector: string) => sectorDisplayName(sector).slice(0, 31);

/** The report's workbook: one sheet per sector, in the order asked, a row per symbol. */
export async function reportWorkbook(
  bySector: ReadonlyMap<string, readonly ReportRow[]>,
  type: MarketDataReportType,
  title: string,
): Promise<Buffer> {
  const workbook = newWorkbook(title);
  const columns = columnsOf(type);
  for (const [sector, rows] of bySector)
    addTable(workbook, sheetName(sector), columns, rows, { frozenHeader: true });
  return workbookBuffer(workbook);
}

const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The same rows as one CSV, a Sector column first. */
export function reportCsv(bySector: ReadonlyMap<string, readonly ReportRow[]>, type: MarketDataReportType) {
  const columns = columnsOf(type);
  const lines = [['Sector', ...columns.map((column) => column.header)].map(csvCell).join(',')];
  for (const [sector, rows] of bySector)
    for (const row of rows)
      lines.push([sector, ...columns.map((column) => column.value(row))].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
