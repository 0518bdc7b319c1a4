import type { Alert } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import { nextAlertList, type AlertEvent, type AlertList } from './alertList';

function anAlert(id: number, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    type: 1014,
    rating: 'buy',
    symbol: 'AAPL',
    time: 1_700_000_000 + id,
    analyst_name: 'Ann Analyst',
    success_rate: 62,
    price_target: 210,
    sector_name: 'Technology',
    company_name_2: 'Apple Inc.',
    rate: 6,
    earning_date: null,
    market_cap: 3_000_000,
    mc_index: 1,
    beta: 1.2,
    upside: 12.5,
    pe_ratio_12m: 28,
    universes: ['S&P 500'],
    rating_id: `r-${id}`,
    firm: 'Firm',
    price_when_posted: 170,
    last_price: 187,
    ...overrides,
  };
}

const listOf = (profileId: number, ...ids: number[]): AlertList => ({
  profileId,
  alerts: ids.map((id) => anAlert(id)),
  total: ids.length,
  hasMore: false,
  cursor: null,
});
const page = { hasMore: false, cursor: null };
const ids = (list: AlertList | null) => list?.alerts.map((alert) => alert.id) ?? null;
const fold = (events: AlertEvent[], from: AlertList | null = null) => events.reduce(nextAlertList, from);

describe('the alert list', () => {
  it('is unknown until the first snapshot, which becomes the list', () => {
    expect(fold([])).toBeNull();
    const list = fold([
      { type: 'snapshot', profileId: 4, alerts: [anAlert(3), anAlert(2)], total: 2, ...page },
    ]);
    expect(list?.profileId).toBe(4);
    expect(ids(list)).toEqual([3, 2]);
  });

  it('drops changes heard before the first snapshot: the snapshot after the join is the whole state', () => {
    expect(
      fold([
        { type: 'new', alert: anAlert(9) },
        { type: 'removed', id: 9 },
      ]),
    ).toBeNull();
  });

  it('puts a new alert first', () => {
    expect(ids(fold([{ type: 'new', alert: anAlert(4) }], listOf(1, 3, 2)))).toEqual([4, 3, 2]);
  });

  it('inserts a derived alert dated by an earlier close in its place by market time, not first', () => {
    const derived = anAlert(9, { type: 1004, time: 1_700_000_000 + 2 });
    expect(ids(fold([{ type: 'new', alert: derived }], listOf(1, 4, 3, 1)))).toEqual([4, 3, 9, 1]);
    const oldest = anAlert(10, { type: 1016, time: 1_600_000_000 });
    expect(ids(fold([{ type: 'new', alert: oldest }], listOf(1, 4, 3)))).toEqual([4, 3, 10]);
  });

  it('keeps one copy of an alert heard twice (a replay after a recovered reconnect)', () => {
    const list = listOf(1, 4, 3);
    const after = fold([{ type: 'new', alert: anAlert(3, { symbol: 'MSFT' }) }], list);
    expect(after).toBe(list);
    expect(ids(after)).toEqual([4, 3]);
  });

  it('removes a removed alert, and ignores the removal of one it does not have', () => {
    const list = listOf(1, 4, 3, 2);
    expect(ids(fold([{ type: 'removed', id: 3 }], list))).toEqual([4, 2]);
    expect(fold([{ type: 'removed', id: 99 }], list)).toBe(list);
  });

  it('replaces everything on a later snapshot (a profile switch, a reconnect the server could not recover)', () => {
    const list = fold(
      [
        { type: 'new', alert: anAlert(5) },
        { type: 'snapshot', profileId: 2, alerts: [anAlert(8), anAlert(7)], total: 2, ...page },
      ],
      listOf(1, 4, 3),
    );
    expect(list?.profileId).toBe(2);
    expect(ids(list)).toEqual([8, 7]);
  });

  it('accepts an empty snapshot, then grows from it', () => {
    expect(
      ids(
        fold([
          { type: 'snapshot', profileId: 1, alerts: [], total: 0, ...page },
          { type: 'new', alert: anAlert(1) },
          { type: 'new', alert: anAlert(2) },
        ]),
      ),
    ).toEqual([2, 1]);
  });

  it('does not change the list it was given', () => {
    const list = listOf(1, 2, 1);
    fold(
      [
        { type: 'new', alert: anAlert(3) },
        { type: 'removed', id: 2 },
      ],
      list,
    );
    expect(ids(list)).toEqual([2, 1]);
  });
});
