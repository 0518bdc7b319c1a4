import type { Portfolio, Position, QuoteDelta } from '@insight/shared';
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
 * daily change follow it. A long is worth quantity × last; a short its collateral (entry value) plus
 * its P&L, (entry − last) × quantity. The ETF's figure and the share of the file stay the server's.
 */
export function livePosition(position: Position, quote: QuoteDelta | undefined): LivePosition {
  if (quote === undefined) return { ...position, live: false };
  const quantity = openQuantity(position);
  const last = quote.lastPrice;
  const long = position.pos_type === 'Long';
  const pl = long ? (last - position.entry) * quantity : (position.entry - last) * quantity;
  return {
    ...position,
    last_price: last,
    current_val: cents(long ? last * quantity : position.entry * quantity + pl),
    pl: cents(pl),
    pl_per:
      position.entry > 0
        ? ((long ? last - position.entry : position.entry - last) / position.entry) * 100
        : null,
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
