import type { WatchlistItem } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import { liveRow } from './liveRows';

const item = (overrides: Partial<WatchlistItem> = {}): WatchlistItem => ({
  symbol: 'AAPL',
  company_name: 'Apple Inc.',
  sector: 'Information Technology',
  entry_date: { date: '2026-03-03T15:00:00.000Z' },
  entryPrice: 200,
  lastPrice: 210,
  pl: 5,
  etf_pl: 2,
  etf: 'XLK',
  dailyChangePercent: 0.5,
  earningDate: '2026-04-30',
  ...overrides,
});

describe('a watchlist row with the live quote', () => {
  it.each([
    ['a rise since the entry', item(), 220, 10],
    ['a fall since the entry', item(), 150, -25],
    ['no entry price: the server P&L stays', item({ entryPrice: null, pl: 3 }), 220, 3],
    ['a zero entry price: the server P&L stays', item({ entryPrice: 0, pl: null }), 220, null],
  ])('recomputes P&L from the live price: %s', (_case, row, lastPrice, pl) => {
    const live = liveRow(row, { lastPrice, dailyChange: -1.25 });
    expect(live.lastPrice).toBe(lastPrice);
    expect(live.pl).toBe(pl);
    expect(live.dailyChangePercent).toBe(-1.25);
    expect(live.etf_pl).toBe(row.etf_pl);
    expect(live.live).toBe(true);
  });

  it('keeps the list figures until a quote arrives', () => {
    expect(liveRow(item(), undefined)).toEqual({ ...item(), live: false });
  });
});
