import type { BacktestGraphResponse } from '@insight/shared/backtest/schemas';
import {
  addBoldRow,
  columnRange,
  formatCells,
  newWorkbook,
  numberFormats,
  setColumnWidths,
  workbookBuffer,
  type Workbook,
} from '../platform/workbook';
import type { StrategyDecision } from './service';

const percent = numberFormats.percent;
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
  const workbook = newWorkbook();

  const summary = workbook.addWorksheet('Summary');
  summary.addRow([title]).font = { bold: true, size: 14 };
  summary.addRow([`${dayLabel(result.start)} – ${dayLabel(result.end)}`]);
  if (result.missing.length > 0) summary.addRow([`No prices for: ${result.missing.join(', ')}`]);
  summary.addRow([]);
  addBoldRow(summary, ['', 'Total return', 'Annualised volatility', 'Sharpe', 'Max drawdown']);
  for (const line of result.series) {
    const row = summary.addRow([
      line.name,
      line.stats.totalReturn,
      line.stats.volatility,
      line.stats.sharpe,
      -line.stats.maxDrawdown,
    ]);
    formatCells(row, [2, 3, 5], percent);
    formatCells(row, [4], numberFormats.twoPlaces);
  }
  summary.getColumn(1).width = 28;
  for (const column of [2, 3, 4, 5]) summary.getColumn(column).width = 20;
  summary.addRow([]);
  summary.addRow(['Sharpe: annualised mean daily return over annualised volatility, risk-free rate 0.']);

  const months = result.series[0]?.monthly.map((m) => m.month) ?? [];
  seriesSheet(workbook, 'Monthly', 'Month', result, months.map(monthLabel), (s, i) => s.monthly[i]?.value);
  seriesSheet(workbook, 'Daily', 'Date', result, result.dates.map(dayLabel), (s, i) => s.values[i]);

  if (decisions) {
    const picks = workbook.addWorksheet('Picks');
    addBoldRow(picks, ['Decision day', 'Held until', 'Portfolio', 'Rank', 'Ticker', 'Sector', 'Total score']);
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
    setColumnWidths(picks, 14);
  }
  if (result.trades) {
    const trades = workbook.addWorksheet('Trades');
    addBoldRow(trades, ['Symbol', 'Analyst', 'Bought', 'Sold', 'Why sold', 'Return']);
    for (const trade of result.trades) {
      const row = trades.addRow([
        trade.symbol,
        trade.analyst,
        dayLabel(trade.entry),
        dayLabel(trade.exit),
        trade.why,
        trade.return,
      ]);
      formatCells(row, [6], percent);
    }
    setColumnWidths(trades, 16);
  }
  return workbookBuffer(workbook);
}

type Series = BacktestGraphResponse['series'][number];

/** A row per label (month or day), a column per line, each value a percent. */
function seriesSheet(
  workbook: Workbook,
  name: string,
  labelHeader: string,
  result: BacktestGraphResponse,
  labels: readonly string[],
  valueAt: (line: Series, index: number) => number | undefined,
) {
  const sheet = workbook.addWorksheet(name);
  addBoldRow(sheet, [labelHeader, ...result.series.map((line) => line.name)]);
  const valueColumns = columnRange(2, result.series.length + 1);
  for (const [i, label] of labels.entries()) {
    const row = sheet.addRow([label, ...result.series.map((line) => valueAt(line, i) ?? null)]);
    formatCells(row, valueColumns, percent);
  }
  setColumnWidths(sheet, 16);
}
