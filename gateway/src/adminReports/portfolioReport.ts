import type { ClientsPortfolioTotals } from '@insight/shared/adminReports/schemas';
import { previousTradingDay, tradingDaysBetween } from '@insight/shared/market/calendar';
import {
  Dec,
  dailySeries,
  lotFigures,
  percentChange,
  type DayValue,
  type FundFact,
  type LotFact,
} from '@insight/shared/portfolio/accounting';
import type { Db } from '../platform/db';
import { portfolioRepo } from '../portfolio/repo';

const decOrNull = (value: string | null | undefined) =>
  value === null || value === undefined ? null : new Dec(value);

export interface ReportPosition {
  symbol: string;
  company: string | null;
  kind: 'Long' | 'Short';
  entryDate: string;
  entryPrice: Dec;
  quantity: number;
  price: Dec;
  value: Dec;
  pl: Dec;
  plPercent: Dec;
  percentOfFile: Dec | null;
}

export interface ReportTrade {
  date: string;
  action: 'Open' | 'Close';
  symbol: string;
  kind: 'Long' | 'Short';
  quantity: number;
  price: Dec;
  /** Realised P&L of a close. */
  pl: Dec | null;
}

export interface ReportFund {
  date: string;
  units: number;
  unitPrice: Dec;
  amount: Dec;
  notes: string | null;
}

export interface PortfolioReportData {
  user: { id: number; email: string; name: string };
  portfolio: { id: number; name: string; created: string };
  /** The range asked, and the trading days it covers within the file's life (up to today). */
  asked: { from: string; to: string };
  from: string;
  to: string;
  series: DayValue[];
  positions: ReportPosition[];
  trades: ReportTrade[];
  funds: ReportFund[];
  totals: ClientsPortfolioTotals;
}

/**
 * One user's file over a date range, from the stored facts by the shared accounting (the same
 * `dailySeries` and `lotFigures` the portfolio service runs): the unit price path, the positions held
 * at the end with their P&L, the trades and fund movements of the range, and the range's totals.
 * Today is valued at the live price (quote, else last close), other days at their close, as the
 * portfolio service values them; every sum is exact (Dec), rounded only for display.
 */
export async function portfolioReport(
  db: Db,
  user: { id: number; email: string; name: string },
  range: { from: string; to: string },
  today: string,
): Promise<PortfolioReportData | null> {
  const repo = portfolioRepo(db);
  const file = await repo.ofUser(user.id);
  if (!file) return null;
  const [fundRows, lotRows] = await Promise.all([repo.funds(file.id), repo.lots(file.id)]);
  const funds: FundFact[] = fundRows.map((row) => ({
    date: row.date,
    units: Number(row.units),
    unitPrice: new Dec(row.unit_price),
    amount: new Dec(row.amount),
  }));
  const lots: LotFact[] = lotRows.map((row) => ({
    id: row.id,
    symbol: row.symbol,
    kind: row.kind,
    entryDate: row.entry_date,
    entryPrice: new Dec(row.entry_price),
    quantity: row.quantity,
    closeDate: row.close_date,
    closePrice: decOrNull(row.close_price),
  }));

  const end = range.to < today ? range.to : today;
  const start = range.from > file.created ? range.from : file.created;
  let days = start <= end ? tradingDaysBetween(start, end) : [];
  // A range without a trading day of the file (a weekend, or before the file): its last day before.
  if (days.length === 0) {
    const last = previousTradingDay(end);
    days = [last >= file.created ? last : file.created];
  }
  const first = days[0]!;
  const last = days.at(-1)!;

  const symbols = [...new Set(lots.map((lot) => lot.symbol))];
  const facts = new Map((await repo.symbolFacts(symbols, today)).map((fact) => [fact.symbol, fact]));
  const bySymbol = new Map<string, { date: string; close: Dec }[]>();
  for (const row of await repo.closesOnOrBefore(
    symbols.map((symbol) => ({ symbol, day: previousTradingDay(first) })),
  ))
    if (row.close !== null) bySymbol.set(row.symbol, [{ date: row.day, close: new Dec(row.close) }]);
  for (const row of await repo.closes(symbols, first, last)) {
    const list = bySymbol.get(row.symbol) ?? [];
    list.push({ date: row.date, close: new Dec(row.close) });
    bySymbol.set(row.symbol, list);
  }
  const closeOf = (symbol: string, day: string): Dec | null => {
    if (day === today) return decOrNull(facts.get(symbol)?.last_price);
    let found: Dec | null = null;
    for (const entry of bySymbol.get(symbol) ?? []) {
      if (entry.date > day) break;
      found = entry.close;
    }
    return found;
  };
  const series = dailySeries(funds, lots, days, closeOf);
  const startDay = series[0]!;
  const endDay = series.at(-1)!;

  // The price of each symbol at the end of the range (the last known close, else the entry).
  const endPrice = (lot: LotFact) => {
    let price: Dec | null = null;
    for (const day of days) price = closeOf(lot.symbol, day) ?? price;
    return price ?? lot.entryPrice;
  };
  const positions: ReportPosition[] = lots
    .filter((lot) => lot.entryDate <= last && (lot.closeDate === null || lot.closeDate > last))
    .map((lot) => {
      const price = endPrice(lot);
      const figures = lotFigures(lot, price, endDay.aum);
      return {
        symbol: lot.symbol,
        company: facts.get(lot.symbol)?.name ?? null,
        kind: lot.kind,
        entryDate: lot.entryDate,
        entryPrice: lot.entryPrice,
        quantity: lot.quantity,
        price,
        value: figures.value,
        pl: figures.pl,
        plPercent: figures.plPercent,
        percentOfFile: figures.percentOfFile,
      };
    });

  const inRange = (day: string) => day >= range.from && day <= last;
  // A partial close splits a lot: the opening is the original lot's, with the quantity of its splits.
  const rootOf = new Map<number, number>();
  for (const row of lotRows)
    rootOf.set(row.id, row.parent_id === null ? row.id : (rootOf.get(row.parent_id) ?? row.parent_id));
  const openedQuantity = new Map<number, number>();
  for (const lot of lots) {
    const root = rootOf.get(lot.id) ?? lot.id;
    openedQuantity.set(root, (openedQuantity.get(root) ?? 0) + lot.quantity);
  }
  const trades: ReportTrade[] = [];
  for (const lot of lots) {
    if (inRange(lot.entryDate) && (rootOf.get(lot.id) ?? lot.id) === lot.id)
      trades.push({
        date: lot.entryDate,
        action: 'Open',
        symbol: lot.symbol,
        kind: lot.kind,
        quantity: openedQuantity.get(lot.id) ?? lot.quantity,
        price: lot.entryPrice,
        pl: null,
      });
    if (lot.closeDate !== null && lot.closePrice !== null && inRange(lot.closeDate))
      trades.push({
        date: lot.closeDate,
        action: 'Close',
        symbol: lot.symbol,
        kind: lot.kind,
        quantity: lot.quantity,
        price: lot.closePrice,
        pl: lotFigures(lot, lot.closePrice, endDay.aum).pl,
      });
  }
  trades.sort(
    (a, b) => a.date.localeCompare(b.date) || (a.action === b.action ? 0 : a.action === 'Open' ? -1 : 1),
  );
  const fundsInRange = fundRows
    .filter((row) => inRange(row.date))
    .map((row) => ({
      date: row.date,
      units: Number(row.units),
      unitPrice: new Dec(row.unit_price),
      amount: new Dec(row.amount),
      notes: row.notes,
    }));

  // Flows after the first day: the first day's own flows are in its AUM already.
  const netFlows = series.slice(1).reduce((sum, day) => sum.plus(day.flow), new Dec(0));
  const invested = funds
    .filter((fund) => fund.date <= last)
    .reduce((sum, fund) => sum.plus(fund.amount), new Dec(0));
  const change = percentChange(startDay.unitPrice, endDay.unitPrice);
  const totals: ClientsPortfolioTotals = {
    userId: user.id,
    portfolioId: file.id,
    from: first,
    to: last,
    startUnitPrice: startDay.unitPrice.toString(),
    endUnitPrice: endDay.unitPrice.toString(),
    unitPriceReturnPercent: (change ?? new Dec(0)).toString(),
    startAum: startDay.aum.toString(),
    endAum: endDay.aum.toString(),
    netFlows: netFlows.toString(),
    pl: endDay.aum.minus(startDay.aum).minus(netFlows).toString(),
    endCash: endDay.cash.toString(),
    endLongValue: endDay.longValue.toString(),
    endShortValue: endDay.shortValue.toString(),
    invested: invested.toString(),
    trades: trades.length,
    openPositions: positions.length,
  };
  return {
    user,
    portfolio: { id: file.id, name: file.name, created: file.created },
    asked: range,
    from: first,
    to: last,
    series,
    positions,
    trades,
    funds: fundsInRange,
    totals,
  };
}
