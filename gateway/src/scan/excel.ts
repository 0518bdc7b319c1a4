import type { OpportunityRow, ScanResponse } from '@insight/shared/scan/schemas';
import { addTable, newWorkbook, workbookBuffer, type TableColumn } from '../platform/workbook';

/** An opportunity's own columns, as the scan export and the Market Data report both begin. */
export const opportunityColumns: TableColumn<OpportunityRow>[] = [
  { header: 'Ticker', width: 10, value: (r) => r.ticker },
  { header: 'Company', width: 32, value: (r) => r.company },
  { header: 'Industry', width: 28, value: (r) => r.industry },
  { header: 'Market cap', width: 16, value: (r) => r.marketCap },
  { header: 'Earnings date', width: 14, value: (r) => r.earningDate },
  { header: 'Analysts', width: 32, value: (r) => r.analysts },
  { header: 'Last price', width: 12, value: (r) => r.lastPrice },
  { header: 'Upside %', width: 10, value: (r) => r.upside },
];

/** An opportunity's scores: the total and its normalised parts. */
export const scoreColumns: TableColumn<OpportunityRow>[] = [
  { header: 'Total score', width: 12, value: (r) => r.totalScore },
  { header: 'Analyst data', width: 12, value: (r) => r.normalizedScores.analystTeamScore },
  { header: 'Risk', width: 8, value: (r) => r.normalizedScores.risk },
  { header: 'Risk word', width: 10, value: (r) => r.normalizedScores.riskWord },
  { header: 'Momentum', width: 10, value: (r) => r.normalizedScores.marketScore },
  { header: 'Fundamental', width: 12, value: (r) => r.normalizedScores.fundumentalScore },
];

const scanColumns: TableColumn<OpportunityRow>[] = [
  ...opportunityColumns,
  ...scoreColumns,
  { header: 'In file', width: 8, value: (r) => (r.in_file ? 'yes' : '') },
];

/** The admin's Excel export of a scan: one sheet per sector, a row per opportunity with its scores. */
export async function scanWorkbook(result: ScanResponse): Promise<Buffer> {
  const workbook = newWorkbook();
  for (const [sector, rows] of Object.entries(result.opportunities))
    addTable(workbook, sector.slice(0, 31), scanColumns, rows);
  if (workbook.worksheets.length === 0) workbook.addWorksheet('Opportunities');
  return workbookBuffer(workbook);
}
