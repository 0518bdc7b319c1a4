import type { Dec } from '@insight/shared/portfolio/accounting';
import ExcelJS from 'exceljs';
import type { PortfolioReportData } from './portfolioReport';

/** A decimal as a cell: money to cents, unit prices to 5 places (spec 001 §9), percents to 2. */
const cents = (value: Dec) => Number(value.toFixed(2));
const price5 = (value: Dec) => Number(value.toFixed(5));
const pct2 = (value: Dec | null) => (value === null ? null : Number(value.toFixed(2)));

/**
 * The Clients Portfolios workbook: Summary, Unit price (the daily path), Positions (held at the end of
 * the range), Trades and Funds (of the range). Figures are the report's exact decimals, rounded only
 * here for display.
 */
export async function portfolioWorkbook(report: PortfolioReportData): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const t = report.totals;

  const summary = workbook.addWorksheet('Summary');
  summary.columns = [
    { header: 'Item', key: 'item', width: 30 },
    { header: 'Value', key: 'value', width: 28 },
  ];
  const rows: [string, string | number][] = [
    ['User', `${report.user.name} (id ${report.user.id}, ${report.user.email})`],
    ['Portfolio', `${report.portfolio.name} (id ${report.portfolio.id}, since ${report.portfolio.created})`],
    ['Range asked', `${report.asked.from} to ${report.asked.to}`],
    ['Range reported', `${report.from} to ${report.to}`],
    ['Unit price at start', Number(Number(t.startUnitPrice).toFixed(5))],
    ['Unit price at end', Number(Number(t.endUnitPrice).toFixed(5))],
    ['Unit price return %', Number(Number(t.unitPriceReturnPercent).toFixed(2))],
    ['Assets at start', Number(Number(t.startAum).toFixed(2))],
    ['Assets at end', Number(Number(t.endAum).toFixed(2))],
    ['Deposits less withdrawals', Number(Number(t.netFlows).toFixed(2))],
    ['P&L of the range', Number(Number(t.pl).toFixed(2))],
    ['Cash at end', Number(Number(t.endCash).toFixed(2))],
    ['Long value at end', Number(Number(t.endLongValue).toFixed(2))],
    ['Short value at end', Number(Number(t.endShortValue).toFixed(2))],
    ['Total invested', Number(Number(t.invested).toFixed(2))],
    ['Trades in the range', t.trades],
    ['Positions held at end', t.openPositions],
  ];
  for (const [item, value] of rows) summary.addRow({ item, value });

  const path = workbook.addWorksheet('Unit price');
  path.columns = [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Unit price', key: 'unitPrice', width: 12 },
    { header: 'Assets', key: 'aum', width: 14 },
    { header: 'Cash', key: 'cash', width: 14 },
    { header: 'Long value', key: 'long', width: 14 },
    { header: 'Short value', key: 'short', width: 14 },
    { header: 'Units', key: 'units', width: 12 },
    { header: 'Funds in (out)', key: 'flow', width: 14 },
  ];
  for (const day of report.series)
    path.addRow({
      date: day.date,
      unitPrice: price5(day.unitPrice),
      aum: cents(day.aum),
      cash: cents(day.cash),
      long: cents(day.longValue),
      short: cents(day.shortValue),
      units: day.units,
      flow: cents(day.flow),
    });

  const positions = workbook.addWorksheet('Positions');
  positions.columns = [
    { header: 'Symbol', key: 'symbol', width: 10 },
    { header: 'Company', key: 'company', width: 28 },
    { header: 'Type', key: 'kind', width: 8 },
    { header: 'Entry date', key: 'entryDate', width: 12 },
    { header: 'Entry', key: 'entry', width: 10 },
    { header: 'Quantity', key: 'quantity', width: 10 },
    { header: 'Price at end', key: 'price', width: 12 },
    { header: 'Value', key: 'value', width: 14 },
    { header: 'P&L', key: 'pl', width: 12 },
    { header: 'P&L %', key: 'plPercent', width: 10 },
    { header: '% of file', key: 'share', width: 10 },
  ];
  for (const p of report.positions)
    positions.addRow({
      symbol: p.symbol,
      company: p.company ?? '',
      kind: p.kind,
      entryDate: p.entryDate,
      entry: cents(p.entryPrice),
      quantity: p.quantity,
      price: cents(p.price),
      value: cents(p.value),
      pl: cents(p.pl),
      plPercent: pct2(p.plPercent),
      share: pct2(p.percentOfFile),
    });

  const trades = workbook.addWorksheet('Trades');
  trades.columns = [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Action', key: 'action', width: 8 },
    { header: 'Symbol', key: 'symbol', width: 10 },
    { header: 'Type', key: 'kind', width: 8 },
    { header: 'Quantity', key: 'quantity', width: 10 },
    { header: 'Price', key: 'price', width: 10 },
    { header: 'Realised P&L', key: 'pl', width: 14 },
  ];
  for (const trade of report.trades)
    trades.addRow({ ...trade, price: cents(trade.price), pl: trade.pl === null ? null : cents(trade.pl) });

  const funds = workbook.addWorksheet('Funds');
  funds.columns = [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Units', key: 'units', width: 12 },
    { header: 'Unit price', key: 'unitPrice', width: 12 },
    { header: 'Amount', key: 'amount', width: 14 },
    { header: 'Notes', key: 'notes', width: 30 },
  ];
  for (const fund of report.funds)
    funds.addRow({
      ...fund,
      unitPrice: price5(fund.unitPrice),
      amount: cents(fund.amount),
      notes: fund.notes ?? '',
    });

  for (const sheet of workbook.worksheets) sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
