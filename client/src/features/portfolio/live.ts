import type { Portfolio, Position, QuoteDelta } from '@insight/shared';
import {
  Dec,
  lotCost,
  lotPl,
  lotValue,
  money,
  percent,
  percentChange,
} from '@insight/shared/portfolio/accounting';
import { useEffect, useMemo } from 'react';
import { useAtomValue } from '../../app/store';
import { subscribeQuotes } from '../../realtime/streams';
import { quotesAtom } from '../market/atoms';
import { openQuantity } from './rules';

/** An open position with the pushed quote laid over it. */
export interface LivePosition extends Position {
  /** Whether a pushed quote has replaced the server's last price. */
  live: boolean;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The pushed quote wins over the list's snapshot: last price, value, P&L (money and percent) and
 * daily change follow it, by the shared accounting (a short is worth its collateral plus its P&L).
 * The ETF's figure and the share of the file stay the server's.
 */
export function livePosition(position: Position, quote: QuoteDelta | undefined): LivePosition {
  if (quote === undefined) return { ...position, live: false };
  const last = new Dec(quote.lastPrice);
  const lot = {
    kind: position.pos_type,
    entryPrice: new Dec(position.entry),
    quantity: openQuantity(position),
  };
  const cost = lotCost(lot.quantity, lot.entryPrice);
  const pl = lotPl(lot, last);
  return {
    ...position,
    last_price: quote.lastPrice,
    current_val: money(lotValue(lot, last)),
    pl: money(pl),
    pl_per: cost.isZero() ? null : percent(percentChange(cost, cost.plus(pl))),
    daily_change: quote.dailyChange,
    live: true,
  };
}

/** The page's figures, moved by the live positions. */
export interface LiveFigures {
  aum: number;
  longTotal: number;
  shortTotal: number;
  cash: number;
  unitPrice: number;
  dayPl: number;
  dayPlPercent: number | null;
}

/**
 * The file's figures with the live positions: the server's totals plus the change of each position's
 * value since the server valued it (which is all today's move, so the daily P&L moves by the same).
 */
export function liveFigures(
  portfolio: Portfolio,
  served: readonly Position[],
  live: readonly LivePosition[],
): LiveFigures {
  const servedById = new Map(served.map((position) => [position.id, position]));
  let longMove = 0;
  let shortMove = 0;
  for (const position of live) {
    const before = servedById.get(position.id)?.current_val;
    if (!position.live || before === null || before === undefined || position.current_val === null) continue;
    const move = position.current_val - before;
    if (position.pos_type === 'Long') longMove += move;
    else shortMove += move;
  }
  const move = longMove + shortMove;
  const aum = portfolio.aum + move;
  const dayPl = portfolio.last_day_pl + move;
  // The day's base: the file at the last close, as the server's own percent implies.
  const base =
    portfolio.last_day_pl_per !== null && portfolio.last_day_pl !== 0 && portfolio.last_day_pl_per !== 0
      ? portfolio.last_day_pl / (portfolio.last_day_pl_per / 100)
      : portfolio.aum - portfolio.last_day_pl;
  return {
    aum: cents(aum),
    longTotal: cents(portfolio.open_total + longMove),
    shortTotal: cents(portfolio.pos_short_total + shortMove),
    cash: portfolio.current_cash,
    unitPrice: portfolio.units > 0 && move !== 0 ? aum / portfolio.units : portfolio.unit_price,
    dayPl: cents(dayPl),
    dayPlPercent: base > 0 ? (dayPl / base) * 100 : portfolio.last_day_pl_per,
  };
}

/** The open positions, live: their symbols' quotes are held while they are shown. */
export function useLivePositions(positions: readonly Position[]): LivePosition[] {
  const symbolsKey = [...new Set(positions.map((position) => position.symbol.toUpperCase()))]
    .sort()
    .join(',');
  useEffect(() => subscribeQuotes(symbolsKey === '' ? [] : symbolsKey.split(',')), [symbolsKey]);
  const quotes = useAtomValue(quotesAtom);
  return useMemo(
    () => positions.map((position) => livePosition(position, quotes[position.symbol.toUpperCase()])),
    [positions, quotes],
  );
}
