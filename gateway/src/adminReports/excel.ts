import type {
  ClientsPortfolioTotals,
  InvestmentPlJobParams,
  InvestmentPlSummary,
  SignalJobParams,
  SignalSummary,
} from '@insight/shared/adminReports/schemas';
import { Dec } from '@insight/shared/portfolio/accounting';
import { addBoldRow, addTableSheet, newWorkbook, workbookBuffer } from '../platform/workbook';
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
  const workbook = newWorkbook();
  const t = report.totals;

  const summary = addTableSheet(workbook, 'Summary', [
    { header: 'Item', key: 'item', width: 30 },
    { header: 'Value', key: 'value', width: 28 },
  ]);
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

  const path = addTableSheet(workbook, 'Unit price', [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Unit price', key: 'unitPrice', width: 12 },
    { header: 'Assets', key: 'aum', width: 14 },
    { header: 'Cash', key: 'cash', width: 14 },
    { header: 'Long value', key: 'long', width: 14 },
    { header: 'Short value', key: 'short', width: 14 },
    { header: 'Units', key: 'units', width: 12 },
    { header: 'Funds in (out)', key: 'flow', width: 14 },
  ]);
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

  const positions = addTableSheet(workbook, 'Positions', [
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
  ]);
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

  const trades = addTableSheet(workbook, 'Trades', [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Action', key: 'action', width: 8 },
    { header: 'Symbol', key: 'symbol', width: 10 },
    { header: 'Type', key: 'kind', width: 8 },
    { header: 'Quantity', key: 'quantity', width: 10 },
    { header: 'Price', key: 'price', width: 10 },
    { header: 'Realised P&L', key: 'pl', width: 14 },
  ]);
  for (const trade of report.trades)
    trades.addRow({ ...trade, price: cents(trade.price), pl: trade.pl === null ? null : cents(trade.pl) });

  const funds = addTableSheet(workbook, 'Funds', [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Units', key: 'units', width: 12 },
    { header: 'Unit price', key: 'unitPrice', width: 12 },
    { header: 'Amount', key: 'amount', width: 14 },
    { header: 'Notes', key: 'notes', width: 30 },
  ]);
  for (const fund of report.funds)
    funds.addRow({
      ...fund,
      unitPrice: price5(fund.unitPrice),
      amount: cents(fund.amount),
      notes: fund.notes ?? '',
    });

  return workbookBuffer(workbook);
}

export interface InvestmentPlRow {
  accountId: number;
  user: { id: number; email: string; name: string };
  totals: ClientsPortfolioTotals;
}

/** The sums over every file (exact decimals as text). */
export function investmentPlSummary(rows: readonly InvestmentPlRow[]): InvestmentPlSummary {
  const sum = (pick: (t: ClientsPortfolioTotals) => string) =>
    rows.reduce((total, row) => total.plus(pick(row.totals)), new Dec(0)).toString();
  return {
    portfolios: rows.length,
    startAum: sum((t) => t.startAum),
    endAum: sum((t) => t.endAum),
    netFlows: sum((t) => t.netFlows),
    pl: sum((t) => t.pl),
  };
}

/** Admin Investment PL: a row per file of the scope, and the totals. */
export async function investmentPlWorkbook(
  rows: readonly InvestmentPlRow[],
  summary: InvestmentPlSummary,
  params: InvestmentPlJobParams,
): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = addTableSheet(workbook, 'Investment P&L', [
    { header: 'Account', key: 'account', width: 10 },
    { header: 'User id', key: 'userId', width: 9 },
    { header: 'User', key: 'user', width: 28 },
    { header: 'E-mail', key: 'email', width: 30 },
    { header: 'From', key: 'from', width: 12 },
    { header: 'To', key: 'to', width: 12 },
    { header: 'Unit price at start', key: 'startUnit', width: 14 },
    { header: 'Unit price at end', key: 'endUnit', width: 14 },
    { header: 'Return %', key: 'ret', width: 10 },
    { header: 'Assets at start', key: 'startAum', width: 16 },
    { header: 'Assets at end', key: 'endAum', width: 16 },
    { header: 'Deposits less withdrawals', key: 'flows', width: 16 },
    { header: 'P&L', key: 'pl', width: 14 },
    { header: 'Trades', key: 'trades', width: 8 },
    { header: 'Positions at end', key: 'positions', width: 10 },
  ]);
  const num = (value: string, places: number) => Number(new Dec(value).toFixed(places));
  for (const row of rows) {
    const t = row.totals;
    sheet.addRow({
      account: row.accountId,
      userId: row.user.id,
      user: row.user.name,
      email: row.user.email,
      from: t.from,
      to: t.to,
      startUnit: num(t.startUnitPrice, 5),
      endUnit: num(t.endUnitPrice, 5),
      ret: num(t.unitPriceReturnPercent, 2),
      startAum: num(t.startAum, 2),
      endAum: num(t.endAum, 2),
      flows: num(t.netFlows, 2),
      pl: num(t.pl, 2),
      trades: t.trades,
      positions: t.openPositions,
    });
  }
  addBoldRow(sheet, {
    user: `Total of ${summary.portfolios} portfolios, ${params.from_date} to ${params.to_date}`,
    startAum: num(summary.startAum, 2),
    endAum: num(summary.endAum, 2),
    flows: num(summary.netFlows, 2),
    pl: num(summary.pl, 2),
  });
  return workbookBuffer(workbook);
}

export interface SignalRow {
  sector: string;
  published: string;
  symbol: string;
  rating: 'buy' | 'sell';
  analystId: string;
  analyst?: string;
  teamRank: number;
  entry: number;
  target: number;
  last: number | null;
  lastDate: string | null;
  returnPercent: number | null;
  etfReturnPercent: number | null;
  reachedTarget: boolean;
  outperformed: boolean;
  success: boolean;
  decided: boolean;
}

const yes = (value: boolean) => (value ? 'yes' : '');

/** Admin signal: a row per team signal of the range, and the counts. */
export async function signalWorkbook(
  rows: readonly SignalRow[],
  summary: SignalSummary,
  params: SignalJobParams,
): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = addTableSheet(workbook, 'Signals', [
    { header: 'Published', key: 'published', width: 12 },
    { header: 'Sector', key: 'sector', width: 22 },
    { header: 'Symbol', key: 'symbol', width: 9 },
    { header: 'Rating', key: 'rating', width: 7 },
    { header: 'Analyst', key: 'analyst', width: 24 },
    { header: 'Team rank', key: 'teamRank', width: 9 },
    { header: 'Entry', key: 'entry', width: 10 },
    { header: 'Target', key: 'target', width: 10 },
    { header: 'Last close', key: 'last', width: 10 },
    { header: 'Last date', key: 'lastDate', width: 12 },
    { header: 'Return %', key: 'returnPercent', width: 10 },
    { header: 'Sector ETF %', key: 'etfReturnPercent', width: 12 },
    { header: 'Reached target', key: 'reached', width: 10 },
    { header: 'Outperformed', key: 'outperformed', width: 10 },
    { header: 'Success', key: 'success', width: 8 },
    { header: 'Decided', key: 'decided', width: 8 },
  ]);
  for (const row of rows)
    sheet.addRow({
      ...row,
      rating: row.rating === 'buy' ? 'Buy' : 'Sell',
      reached: yes(row.reachedTarget),
      outperformed: yes(row.outperformed),
      success: yes(row.success),
      decided: yes(row.decided),
    });
  sheet.addRow({});
  addBoldRow(sheet, {
    published: `${params.start_month} to ${params.end_month}`,
    sector: `${summary.signals} signals, ${summary.successes} of ${summary.decided} decided succeeded`,
  });
  return workbookBuffer(workbook);
}
