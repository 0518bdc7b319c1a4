import type { BacktestGraphResponse } from '@insight/shared/backtest/schemas';
import ExcelJS from 'exceljs';
import type { StrategyDecision } from './service';

const percent = '0.00%';
/** MM/yyyy (spec 002 §9: months shown so). */
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
/** MM/dd/yyyy (spec 002 §9: backtest dates). */
export const dayLabel = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/**
 * A backtest as a workbook: Summary (total return, volatility, Sharpe, max drawdown per line),
 * Monthly (a row per month, a column per line), Daily (cumulative return per day), and, when given,
 * the strategy's picks or the alerts' trades.
 */
export async function backtestWorkbook(
  title: string,
  result: BacktestGraphResponse,
  decisions?: readonly StrategyDecision[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();

  const summary = workbook.addWorksheet('Summary');
  summary.addRow([title]).font = { bold: true, size: 14 };
  summary.addRow([`${dayLabel(result.start)} – ${dayLabel(result.end)}`]);
  if (result.missing.length > 0) summary.addRow([`No prices for: ${result.missing.join(', ')}`]);
  summary.addRow([]);
  const header = summary.addRow(['', 'Total return', 'Annualised volatility', 'Sharpe', 'Max drawdown']);
  header.font = { bold: true };
  for (const line of result.series) {
    const row = summary.addRow([
      line.name,
      line.stats.totalReturn,
      line.stats.volatility,
      line.stats.sharpe,
      -line.stats.maxDrawdown,
    ]);
    for (const column of [2, 3, 5]) row.getCell(column).numFmt = percent;
    row.getCell(4).numFmt = '0.00';
  }
  summary.getColumn(1).width = 28;
  for (const column of [2, 3, 4, 5]) summary.getColumn(column).width = 20;
  summary.addRow([]);
  summary.addRow(['Sharpe: annualised mean daily return over annualised volatility, risk-free rate 0.']);

  const monthly = workbook.addWorksheet('Monthly');
  monthly.addRow(['Month', ...result.series.map((s) => s.name)]).font = { bold: true };
  const months = result.series[0]?.monthly.map((m) => m.month) ?? [];
  for (const [i, month] of months.entries()) {
    const row = monthly.addRow([monthLabel(month), ...result.series.map((s) => s.monthly[i]?.value ?? null)]);
    for (let c = 2; c <= result.series.length + 1; c += 1) row.getCell(c).numFmt = percent;
  }
  monthly.columns.forEach((column) => (column.width = 16));

  const daily = workbook.addWorksheet('Daily');
  daily.addRow(['Date', ...result.series.map((s) => s.name)]).font = { bold: true };
  for (const [i, day] of result.dates.entries()) {
    const row = daily.addRow([dayLabel(day), ...result.series.map((s) => s.values[i] ?? null)]);
    for (let c = 2; c <= result.series.length + 1; c += 1) row.getCell(c).numFmt = percent;
  }
  daily.columns.forEach((column) => (column.width = 16));

  if (decisions) {
    const picks = workbook.addWorksheet('Picks');
    picks.addRow([
      'Decision day',
      'Held until',
      'Portfolio',
      'Rank',
      'Ticker',
      'Sector',
      'Total score',
    ]).font = {
      bold: true,
    };
    for (const decision of decisions) {
      for (const [p, list] of decision.portfolios.entries()) {
        for (const [rank, pick] of list.entries()) {
          picks.addRow([
            dayLabel(decision.day),
            dayLabel(decision.exit),
            p + 1,
            rank + 1,
            pick.ticker,
            pick.sector,
            pick.score,
          ]);
        }
      }
    }
    picks.columns.forEach((column) => (column.width = 14));
  }
  if (result.trades) {
    const trades = workbook.addWorksheet('Trades');
    trades.addRow(['Symbol', 'Analyst', 'Bought', 'Sold', 'Why sold', 'Return']).font = { bold: true };
    for (const trade of result.trades) {
      const row = trades.addRow([
        trade.symbol,
        trade.analyst,
        dayLabel(trade.entry),
        dayLabel(trade.exit),
        trade.why,
        trade.return,
      ]);
      row.getCell(6).numFmt = percent;
    }
    trades.columns.forEach((column) => (column.width = 16));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
