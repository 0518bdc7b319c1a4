import type { OpportunityRow } from '@insight/shared/scan/schemas';
import { sectorDisplayName } from '@insight/shared';
import type { MarketDataReportType } from '@insight/shared/reports/schemas';
import ExcelJS from 'exceljs';

/** A report row: the scanner's opportunity and its return over the report's months. */
export interface ReportRow extends OpportunityRow {
  /** Percent, from the last close before the from month to the close of the as-of day; null without both. */
  periodReturn: number | null;
}

interface Column {
  header: string;
  key: string;
  width: number;
  value: (row: ReportRow) => string | number | null;
}

const scoreColumns: Column[] = [
  { header: 'Total score', key: 'totalScore', width: 12, value: (r) => r.totalScore },
  { header: 'Analyst data', key: 'analyst', width: 12, value: (r) => r.normalizedScores.analystTeamScore },
  { header: 'Risk', key: 'risk', width: 8, value: (r) => r.normalizedScores.risk },
  { header: 'Risk word', key: 'riskWord', width: 10, value: (r) => r.normalizedScores.riskWord },
  { header: 'Momentum', key: 'momentum', width: 10, value: (r) => r.normalizedScores.marketScore },
  { header: 'Fundamental', key: 'fundamental', width: 12, value: (r) => r.normalizedScores.fundumentalScore },
];

function columnsOf(type: MarketDataReportType): Column[] {
  return [
    { header: 'Ticker', key: 'ticker', width: 10, value: (r) => r.ticker },
    { header: 'Company', key: 'company', width: 32, value: (r) => r.company },
    { header: 'Industry', key: 'industry', width: 28, value: (r) => r.industry },
    { header: 'Market cap', key: 'marketCap', width: 16, value: (r) => r.marketCap },
    { header: 'Earnings date', key: 'earningDate', width: 14, value: (r) => r.earningDate },
    { header: 'Analysts', key: 'analysts', width: 32, value: (r) => r.analysts },
    { header: 'Last price', key: 'lastPrice', width: 12, value: (r) => r.lastPrice },
    { header: 'Upside %', key: 'upside', width: 10, value: (r) => r.upside },
    { header: 'Return %', key: 'periodReturn', width: 10, value: (r) => r.periodReturn },
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
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  workbook.title = title;
  const columns = columnsOf(type);
  for (const [sector, rows] of bySector) {
    const sheet = workbook.addWorksheet(sheetName(sector));
    sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of rows) sheet.addRow(columns.map((column) => column.value(row)));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
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
