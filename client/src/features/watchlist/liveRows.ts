import type { QuoteDelta, WatchlistItem } from '@insight/shared';
import { useEffect, useMemo } from 'react';
import { useAtomValue } from '../../app/store';
import { subscribeQuotes } from '../../realtime/streams';
import { quotesAtom } from '../market/atoms';
import { normalizeSymbol } from './atoms';
import { changePercent } from './format';

/** A watchlist item with the live quote laid over it: last price, P&L and daily change. */
export interface WatchlistRow extends WatchlistItem {
  /** Whether a pushed quote has replaced the server's figures. */
  live: boolean;
}

/**
 * The pushed quote wins over the list's snapshot; P&L is recomputed from it and the entry price (the
 * server's own P&L stays when either is missing). The ETF's P&L has no live quote of its entry, so it
 * stays as the server computed it.
 */
export function liveRow(item: WatchlistItem, quote: QuoteDelta | undefined): WatchlistRow {
  if (quote === undefined) return { ...item, live: false };
  return {
    ...item,
    lastPrice: quote.lastPrice,
    pl: changePercent(item.entryPrice, quote.lastPrice) ?? item.pl,
    dailyChangePercent: quote.dailyChange,
    live: true,
  };
}

/** The rows of `items`, live: their symbols' quotes are held while the rows are shown. */
export function useLiveRows(items: readonly WatchlistItem[]): WatchlistRow[] {
  const symbolsKey = items.map((item) => normalizeSymbol(item.symbol)).join(',');
  useEffect(() => subscribeQuotes(symbolsKey === '' ? [] : symbolsKey.split(',')), [symbolsKey]);
  const quotes = useAtomValue(quotesAtom);
  return useMemo(
    () => items.map((item) => liveRow(item, quotes[normalizeSymbol(item.symbol)])),
    [items, quotes],
  );
}
