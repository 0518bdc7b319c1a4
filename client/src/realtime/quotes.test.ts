import type { QuoteDelta } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import {
  addQuoteRefs,
  createQuoteSubscriptions,
  mergeQuotes,
  noQuotes,
  normalizeSymbols,
  quoteSyncPlan,
  removeQuoteRefs,
  type QuoteSubscriptions,
  type Quotes,
} from './quotes';

const quote = (lastPrice: number, dailyChange = 0): QuoteDelta => ({ lastPrice, dailyChange });

describe('merging quote pushes', () => {
  it('keeps the latest value of each symbol and every symbol heard', () => {
    const pushes: Quotes[] = [
      { AAPL: quote(187, 0.5), MSFT: quote(410) },
      { AAPL: quote(188, 1.0) },
      { TSLA: quote(250, -2) },
    ];
    const quotes = pushes.reduce(mergeQuotes, noQuotes);
    expect(quotes).toEqual({ AAPL: quote(188, 1.0), MSFT: quote(410), TSLA: quote(250, -2) });
  });

  it('returns the same map for an empty push, and never changes the one it was given', () => {
    const before: Quotes = { AAPL: quote(187) };
    expect(mergeQuotes(before, {})).toBe(before);
    mergeQuotes(before, { AAPL: quote(190) });
    expect(before).toEqual({ AAPL: quote(187) });
  });
});

describe('normalising symbols', () => {
  it('upper-cases, trims and drops blanks and repeats', () => {
    expect(normalizeSymbols([' aapl', 'AAPL', 'msft ', '', '  ', 'brk.b'])).toEqual([
      'AAPL',
      'MSFT',
      'BRK.B',
    ]);
  });
});

describe('counting the holders of each symbol', () => {
  it('keeps a symbol until its last holder lets go', () => {
    let refs = addQuoteRefs(new Map(), ['AAPL']);
    refs = addQuoteRefs(refs, ['AAPL', 'MSFT']);
    expect([...refs]).toEqual([
      ['AAPL', 2],
      ['MSFT', 1],
    ]);
    refs = removeQuoteRefs(refs, ['AAPL', 'MSFT']);
    expect([...refs]).toEqual([['AAPL', 1]]);
    refs = removeQuoteRefs(refs, ['AAPL']);
    expect(refs.size).toBe(0);
  });

  it('ignores the release of a symbol nobody holds', () => {
    expect(removeQuoteRefs(new Map([['AAPL', 1]]), ['MSFT'])).toEqual(new Map([['AAPL', 1]]));
  });
});

describe('what to tell the server', () => {
  it.each<[string, string[], string[], { subscribe: string[]; unsubscribe: string[] }]>([
    ['nothing when it already sends what is wanted', ['AAPL'], ['AAPL'], { subscribe: [], unsubscribe: [] }],
    ['the new symbols', ['AAPL', 'MSFT'], ['AAPL'], { subscribe: ['MSFT'], unsubscribe: [] }],
    ['the symbols no longer wanted', ['AAPL'], ['AAPL', 'TSLA'], { subscribe: [], unsubscribe: ['TSLA'] }],
    [
      'everything wanted after a reconnect the server could not recover (it has nothing)',
      ['AAPL', 'MSFT'],
      [],
      { subscribe: ['AAPL', 'MSFT'], unsubscribe: [] },
    ],
  ])('%s', (_case, wanted, onServer, plan) => {
    expect(quoteSyncPlan(new Set(wanted), new Set(onServer))).toEqual(plan);
  });
});

describe('subscribing to quotes', () => {
  function watch(subscriptions: QuoteSubscriptions) {
    const seen: string[][] = [];
    subscriptions.wanted$.subscribe((wanted) => seen.push([...wanted]));
    return seen;
  }

  it('asks for AAPL once when two screens show it, and lets go when both are gone', () => {
    const subscriptions = createQuoteSubscriptions();
    const seen = watch(subscriptions);
    const stockPage = subscriptions.subscribe(['AAPL']);
    const watchlist = subscriptions.subscribe(['aapl', 'MSFT']);
    expect(seen).toEqual([[], ['AAPL'], ['AAPL', 'MSFT']]);
    stockPage();
    expect(seen).toHaveLength(3); // the watchlist still shows AAPL: nothing to tell
    watchlist();
    expect(seen.at(-1)).toEqual([]);
  });

  it('releases once however often the release is called', () => {
    const subscriptions = createQuoteSubscriptions();
    const seen = watch(subscriptions);
    const first = subscriptions.subscribe(['AAPL']);
    const second = subscriptions.subscribe(['AAPL']);
    first();
    first();
    expect(seen.at(-1)).toEqual(['AAPL']);
    second();
    expect(seen.at(-1)).toEqual([]);
  });

  it('tells a late listener what is held now', () => {
    const subscriptions = createQuoteSubscriptions();
    subscriptions.subscribe(['TSLA']);
    expect(watch(subscriptions)).toEqual([['TSLA']]);
  });
});
