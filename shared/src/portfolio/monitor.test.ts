import { describe, expect, it } from 'vitest';
import {
  addMonths,
  badgeOf,
  completeMonitorSettings,
  evaluateMonitor,
  monitorDefaults,
  positionBadge,
  preferencesSchema,
  splitRatioOf,
  thresholdOf,
  updateSettingsBodySchema,
  type MonitorFacts,
} from './monitor';
import type { MonitorSetting, MonitorType, Position } from './schemas';

const today = '2025-06-16';

/** A long AAPL bought at 100 on 2025-05-01, nothing else known: every rule quiet. */
function facts(overrides: Partial<MonitorFacts> = {}): MonitorFacts {
  return {
    today,
    symbol: 'AAPL',
    kind: 'Long',
    entryDate: '2025-05-01',
    entryPrice: 100,
    lastPrice: 100,
    etfPercent: null,
    ma50: null,
    previousClose: null,
    earningDate: null,
    rating: null,
    split: null,
    rank: null,
    ...overrides,
  };
}

/** Only `type` checked, with `value`. */
const only = (type: MonitorType, value: number | null = null, selectedOption: string | null = null) =>
  completeMonitorSettings([]).map((setting): MonitorSetting =>
    setting.type === type
      ? { ...setting, value, checked: true, selectedOption }
      : { ...setting, checked: false },
  );

const hitsOf = (settings: MonitorSetting[], f: MonitorFacts) => evaluateMonitor(settings, f);

describe('the settings of spec 001 §9', () => {
  it('defaults: benchmark 10%, stop-loss 10%, take profit 10%, universe rank 10 points, every rule on', () => {
    const byType = Object.fromEntries(monitorDefaults.map((s) => [s.type, s]));
    expect(byType.etf).toMatchObject({ value: 10, checked: true });
    expect(byType.sl).toMatchObject({ value: 10, checked: true });
    expect(byType.profit).toMatchObject({ value: 10, checked: true });
    expect(byType.universeRank).toMatchObject({ value: 10, checked: true });
    for (const type of ['buy', 'sell', 'earning', 'refresh', 'ma50', 'split'] as const)
      expect(byType[type]).toMatchObject({ value: null, checked: true });
  });

  it.each([
    ['profit', null, 12],
    ['profit', 0, 12],
    ['etf', null, 10],
    ['sl', null, 10],
    ['universeRank', 0, 10],
    ['profit', 25, 25],
  ] as const)('a %s rule enabled with %s works at %s', (type, value, expected) => {
    expect(thresholdOf({ type, value, checked: true, selectedOption: null })).toBe(expected);
  });

  it('completes a stored list in the spec order, keeping what was stored', () => {
    const complete = completeMonitorSettings([
      { type: 'sl', value: 5, checked: false, selectedOption: null },
    ]);
    expect(complete.map((s) => s.type)).toEqual(monitorDefaults.map((s) => s.type));
    expect(complete.find((s) => s.type === 'sl')).toEqual({
      type: 'sl',
      value: 5,
      checked: false,
      selectedOption: null,
    });
  });

  it.each([
    [
      { portfolio: 1, settings: [{ type: 'sl', value: 100, checked: true, selectedOption: null }] },
      'up to 2 digits',
    ],
    [
      { portfolio: 1, settings: [{ type: 'sl', value: 1.5, checked: true, selectedOption: null }] },
      'up to 2 digits',
    ],
    [{ portfolio: 1, settings: [{ type: 'nope', value: 1, checked: true, selectedOption: null }] }, 'type'],
    [
      {
        portfolio: 1,
        settings: [
          { type: 'sl', value: 1, checked: true, selectedOption: null },
          { type: 'sl', value: 2, checked: true, selectedOption: null },
        ],
      },
      'at most once',
    ],
    [{ portfolio: 1, preferences: { risk: 'Extreme' } }, 'risk'],
    [{ portfolio: 1, preferences: { default_etf: 'AAPL' } }, 'default_etf'],
    [{ portfolio: 'x' }, 'portfolio'],
  ])('refuses %j', (body, message) => {
    const result = updateSettingsBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(message);
  });

  it('accepts the preferences of the dialog', () => {
    expect(
      preferencesSchema.parse({
        default_etf: 'xlk',
        number_of_positions: 15,
        cash_position: 5,
        risk: 'High',
        sector_weight: 'Benchmark',
        position_weight: 'Relative weight',
      }).default_etf,
    ).toBe('XLK');
  });
});

describe('stop-loss since entry (sl)', () => {
  it.each([
    ['Long', 90, true],
    ['Long', 90.01, false],
    ['Long', 80, true],
    ['Short', 110, true],
    ['Short', 109.99, false],
  ] as const)('a %s from 100 at %s fires: %s', (kind, lastPrice, fires) => {
    const hits = hitsOf(only('sl', 10), facts({ kind, lastPrice }));
    expect(hits.map((h) => h.type)).toEqual(fires ? ['sl'] : []);
  });

  it('works exactly at the threshold with awkward prices (37.5 → 33.75 is −10%)', () => {
    const [hit] = hitsOf(only('sl', 10), facts({ entryPrice: 37.5, lastPrice: 33.75 }));
    expect(hit).toMatchObject({ type: 'sl', day: today, factor: -10 });
    expect(hit!.text).toContain('-10%');
  });
});

describe('take profit (profit)', () => {
  it.each([
    [10, 110, true],
    [10, 109.99, false],
    [null, 111.99, false],
    [null, 112, true],
  ] as const)('threshold %s at %s fires: %s', (value, lastPrice, fires) => {
    expect(hitsOf(only('profit', value), facts({ lastPrice })).length).toBe(fires ? 1 : 0);
  });
});

describe('deviation from the benchmark ETF (etf)', () => {
  it.each([
    ['Long', 100, 10, true], // 0% vs +10%: 10 behind
    ['Long', 100.01, 10, false],
    ['Long', 95, 5, true],
    ['Long', 120, 5, false],
    ['Short', 100, -10, true], // the ETF fell 10%: a short that stood still is 10 behind
    ['Short', 99.99, -10, false],
  ] as const)('a %s at %s with the ETF %s%% fires: %s', (kind, lastPrice, etfPercent, fires) => {
    expect(hitsOf(only('etf', 10), facts({ kind, lastPrice, etfPercent })).length).toBe(fires ? 1 : 0);
  });

  it('is quiet without the ETF figure', () => {
    expect(hitsOf(only('etf', 10), facts({ lastPrice: 50, etfPercent: null }))).toEqual([]);
  });
});

describe('MA50 cross (ma50)', () => {
  it.each([
    [101, 99, null, 'below'],
    [99, 100, null, 'above'],
    [99, 101, 'below', null],
    [99, 101, 'above', 'above'],
    [101, 102, null, null],
    [99, 98, null, null],
  ] as const)(
    'yesterday %s, now %s with MA 100 (option %s) crosses %s',
    (previousClose, lastPrice, option, crossed) => {
      const hits = hitsOf(only('ma50', null, option), facts({ previousClose, lastPrice, ma50: 100 }));
      expect(hits.map((h) => h.title.includes(`crossed ${crossed}`))).toEqual(crossed ? [true] : []);
    },
  );
});

describe('earnings upcoming (earning)', () => {
  it.each([
    ['2025-06-16', true], // today
    ['2025-06-30', true], // 14 days ahead
    ['2025-07-01', false], // 15 days ahead
    ['2025-06-15', false], // passed
  ])('earnings on %s fires: %s', (earningDate, fires) => {
    const hits = hitsOf(only('earning'), facts({ earningDate }));
    expect(hits.length).toBe(fires ? 1 : 0);
    // Once per announcement: the hit's day is the earnings date, whatever day it is seen.
    if (fires) expect(hits[0]!.day).toBe(earningDate);
  });
});

describe('a rating on a held symbol (buy, sell)', () => {
  const rating = (r: 'buy' | 'sell', day: string) => ({ rating: r, day, analyst: 'Ada', priceTarget: 120 });
  it.each([
    ['buy', 'buy', '2025-05-01', true],
    ['buy', 'buy', '2025-04-30', false], // before the entry
    ['sell', 'sell', '2025-06-16', true],
    ['buy', 'sell', '2025-06-16', false],
    ['sell', 'buy', '2025-06-16', false],
  ] as const)('rule %s, a %s rating on %s fires: %s', (type, r, day, fires) => {
    const hits = hitsOf(only(type), facts({ rating: rating(r, day) }));
    expect(hits.map((h) => h.day)).toEqual(fires ? [day] : []);
  });
});

describe('refresh after 3 months (refresh)', () => {
  it.each([
    ['2025-03-16', true],
    ['2025-03-17', false],
    ['2024-12-01', true],
  ])('entry %s fires on 2025-06-16: %s', (entryDate, fires) => {
    const hits = hitsOf(only('refresh'), facts({ entryDate }));
    expect(hits.length).toBe(fires ? 1 : 0);
    // Once: its day is the day it fell due, not today.
    if (fires) expect(hits[0]!.day).toBe(addMonths(entryDate, 3));
  });

  it('counts months to the last day of a shorter month', () => {
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
  });
});

describe('split (split)', () => {
  it.each([
    [{ day: '2025-06-16', ratio: 2 }, true, '2-for-1'],
    [{ day: '2025-06-16', ratio: 0.5 }, true, '1-for-2'],
    [{ day: '2025-04-01', ratio: 2 }, false, ''],
    [null, false, ''],
  ] as const)('%j fires: %s', (split, fires, shape) => {
    const hits = hitsOf(only('split'), facts({ split }));
    expect(hits.length).toBe(fires ? 1 : 0);
    if (fires) expect(hits[0]!.text).toContain(shape);
  });
});

describe('universe rank decrease (universeRank)', () => {
  it.each([
    [20, 30, true],
    [20, 29, false],
    [20, 10, false],
  ])('from rank %s to %s fires: %s', (atEntry, now, fires) => {
    expect(hitsOf(only('universeRank', 10), facts({ rank: { atEntry, now } })).length).toBe(fires ? 1 : 0);
  });
});

describe('settings decide', () => {
  it('an unchecked rule never fires', () => {
    const settings = completeMonitorSettings([]).map((s) => ({ ...s, checked: false }));
    expect(
      evaluateMonitor(settings, facts({ lastPrice: 10, earningDate: today, entryDate: '2024-01-02' })),
    ).toEqual([]);
  });

  it('with the defaults, a long down 10% that is due a refresh fires both, in the spec order', () => {
    const hits = evaluateMonitor(monitorDefaults, facts({ lastPrice: 90, entryDate: '2025-01-02' }));
    expect(hits.map((h) => h.type)).toEqual(['refresh', 'sl']);
  });
});

describe('the warning badge (spec 001 §4: red, then yellow, then grey, then green)', () => {
  it.each([
    [{}, null],
    [{ lastPrice: 112 }, 'green'],
    [{ lastPrice: 112, entryDate: '2025-01-02' }, 'grey'],
    [{ lastPrice: 112, entryDate: '2025-01-02', earningDate: '2025-06-14' }, 'yellow'],
    [{ lastPrice: 112, entryDate: '2025-01-02', earningDate: '2025-06-13' }, 'grey'],
    [{ lastPrice: 89, earningDate: '2025-06-20' }, 'red'],
    [{ lastPrice: 95, ma50: 96 }, 'yellow'],
    [{ kind: 'Short' as const, lastPrice: 95, ma50: 96 }, null],
    [{ kind: 'Short' as const, lastPrice: 97, ma50: 96 }, 'yellow'],
  ])('%j → %s', (overrides, colour) => {
    const badge = badgeOf(monitorDefaults, facts(overrides));
    expect(badge?.colour ?? null).toBe(colour);
  });

  it('lists every reason, the most urgent first', () => {
    const badge = badgeOf(
      monitorDefaults,
      facts({ lastPrice: 89, earningDate: '2025-06-20', entryDate: '2025-01-02' }),
    );
    expect(badge?.reasons).toEqual(['Stop-loss: AAPL', 'Earnings on 2025-06-20', 'Time to refresh AAPL']);
  });

  it('reads a row of the open positions table', () => {
    const position: Position = {
      id: 1,
      symbol: 'MSFT',
      company: 'Microsoft',
      pos_type: 'Long',
      sector: 'Information Technology',
      entry_date: { date: '2025-06-02' },
      entry: 400,
      quantity: 10,
      last_price: 390,
      current_val: 3900,
      earning: null,
      percent_file: 4,
      pl: -100,
      pl_per: -2.5,
      etf_pl_per: 9,
      etf: 'XLK',
      daily_change: 0.1,
      close_price: null,
      close_date: null,
      notes: '',
      ma50: 380,
      editable: true,
    };
    expect(positionBadge(position, monitorDefaults, today)).toEqual({
      colour: 'red',
      reasons: ['Underperforming the benchmark: MSFT'],
    });
    expect(positionBadge({ ...position, etf_pl_per: 7 }, monitorDefaults, today)).toBeNull();
  });
});

describe('a split read from the daily bars', () => {
  it.each([
    [200, 100, 2],
    [200, 101.9, 2],
    [200, 98.1, 2],
    [200, 97.9, null],
    [200, 104, null], // an ordinary gap down
    [100, 200, 0.5],
    [150, 100, 1.5],
    [100, 99, null],
    [0, 10, null],
  ])('close %s, next open %s → %s', (previousClose, open, ratio) => {
    expect(splitRatioOf(previousClose, open)).toBe(ratio);
  });
});
