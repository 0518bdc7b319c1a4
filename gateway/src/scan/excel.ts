import type { ScanResponse } from '@insight/shared/scan/schemas';
import ExcelJS from 'exceljs';

/** The admin's Excel export of a scan: one sheet per sector, a row per opportunity with its scores. */
export async function scanWorkbook(result: ScanResponse): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  for (const [sector, rows] of Object.entries(result.opportunities)) {
    const sheet = workbook.addWorksheet(sector.slice(0, 31));
    sheet.columns = [
      { header: 'Ticker', key: 'ticker', width: 10 },
      { header: 'Company', key: 'company', width: 32 },
      { header: 'Industry', key: 'industry', width: 28 },
      { header: 'Market cap', key: 'marketCap', width: 16 },
      { header: 'Earnings date', key: 'earningDate', width: 14 },
      { header: 'Analysts', key: 'analysts', width: 32 },
      { header: 'Last price', key: 'lastPrice', width: 12 },
      { header: 'Upside %', key: 'upside', width: 10 },
      { header: 'Total score', key: 'totalScore', width: 12 },
      { header: 'Analyst data', key: 'analystTeamScore', width: 12 },
      { header: 'Risk', key: 'risk', width: 8 },
      { header: 'Risk word', key: 'riskWord', width: 10 },
      { header: 'Momentum', key: 'marketScore', width: 10 },
      { header: 'Fundamental', key: 'fundumentalScore', width: 12 },
      { header: 'In file', key: 'in_file', width: 8 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      sheet.addRow({ ...row, ...row.normalizedScores, in_file: row.in_file ? 'yes' : '' });
    }
  }
  if (workbook.worksheets.length === 0) workbook.addWorksheet('Opportunities');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
