import { newYorkDate, nextTradingDay, previousTradingDay, sessionOf } from '@insight/shared/market/calendar';
import {
  newsChannels,
  newsItemSchema,
  type UpstreamFiscalQuarter,
  type UpstreamNewsItem,
  type UpstreamRating,
} from '@insight/shared/upstream/contract';
import { describe, expect, it } from 'vitest';
import { addDays } from './ratings';
import { Simulator } from './simulator';
import { companies } from './universe';

// A Friday after the close: the wall clock running during the test moves nothing.
const fridayEvening = Date.parse('2026-11-20T22:00:00Z');
const today = '2026-11-20';
const sim = new Simulator({ seed: 11, startAt: fridayEvening });

/** The whole feed of the history, page by page, as the ingestion reads it. */
function wholeFeed(): UpstreamNewsItem[] {
  const items: UpstreamNewsItem[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = sim.newsSince(cursor, 500);
    items.push(...page.items);
    cursor = page.cursor;
    if (!page.more) return items;
  }
}
const feed = wholeFeed();
const historyStart = newYorkDate(new Date(feed[0]!.updated));
const dateOf = (item: UpstreamNewsItem) => newYorkDate(new Date(item.updated));
/** The stories of a ticker on a New York date. */
const storiesOn = new Map<string, UpstreamNewsItem[]>();
for (const item of feed)
  for (const ticker of item.tickers) {
    const key = `${ticker} ${dateOf(item)}`;
    storiesOn.set(key, [...(storiesOn.get(key) ?? []), item]);
  }
const storiesOf = (ticker: string, date: string) => storiesOn.get(`${ticker} ${date}`) ?? [];
const dollars = (text: string) => Number(text.replace('$', ''));
const quartersOf = (symbol: string) => sim.fundamentals(symbol);

describe('a page of news for every stock and every channel', () => {
  it('has at least 20 stories for every stock of the universe over the history', () => {
    const short = companies
      .map((company) => ({
        ticker: company.ticker,
        count: sim.newsSince(null, 500, company.ticker).items.length,
      }))
      .filter(({ count }) => count < 20);
    expect(short).toEqual([]);
  });

  it('has at least 20 stories on each of the 13 channels', () => {
    const counts = Object.fromEntries(
      newsChannels.map((channel) => [channel, sim.newsSince(null, 500, undefined, channel).items.length]),
    );
    for (const channel of newsChannels) expect(counts[channel], channel).toBeGreaterThanOrEqual(20);
  });

  it('keeps the history to a few dozen stories per stock, not hundreds', () => {
    const perStock = feed.length / companies.length;
    expect(perStock).toBeGreaterThan(20);
    expect(perStock).toBeLessThan(45);
  });

  it('answers stories valid against the contract, each once, newest last, none in the future', () => {
    const ids = new Set<string>();
    const urls = new Set<string>();
    for (const [i, item] of feed.entries()) {
      expect(newsItemSchema.safeParse(item).success, item.id).toBe(true);
      expect(item.title, item.id).not.toMatch(/[{}]/);
      expect(item.author.length).toBeGreaterThan(0);
      expect(item.url).toMatch(/^https:\/\/www\.[a-z-]+\.example\//);
      expect(Date.parse(item.updated)).toBeLessThanOrEqual(fridayEvening);
      if (i > 0) expect(item.updated >= feed[i - 1]!.updated).toBe(true);
      ids.add(item.id);
      urls.add(item.url);
    }
    expect(ids.size).toBe(feed.length);
    expect(urls.size).toBe(feed.length);
  });

  it('is the same news for the same seed, whenever it is asked', () => {
    const since = `${Date.parse('2026-11-19T04:00:00Z')}~`;
    const again = new Simulator({ seed: 11, startAt: fridayEvening });
    expect(again.newsSince(since, 500).items).toEqual(sim.newsSince(since, 500).items);
  });
});

describe('stories retell what the simulator did', () => {
  const earningsTitle =
    /^([A-Z.]+) Q([1-4]) (\d{4}) EPS (-?\$[\d.]+) (beats|misses|matches) (-?\$[\d.]+) estimate; revenue \$([\d.]+)([BM])$/;
  const earningsStories = feed.filter((item) => earningsTitle.test(item.title));

  it('writes one earnings story per report in the history, quoting the quarter as stored', () => {
    const reported = companies.flatMap((company) =>
      quartersOf(company.ticker).filter((q) => q.reported_on >= historyStart && q.reported_on <= today),
    );
    expect(earningsStories.length).toBe(reported.length);
    for (const story of earningsStories) {
      const [, symbol, quarter, year, eps, verb, estimate, revenue, unit] = earningsTitle.exec(story.title)!;
      const stored = quartersOf(symbol!).find(
        (q) => q.fiscal_year === Number(year) && q.fiscal_quarter === Number(quarter),
      )!;
      expect(stored, story.title).toBeDefined();
      expect(story.tickers).toEqual([symbol]);
      expect(dateOf(story)).toBe(stored.reported_on);
      expect(dollars(eps!.replace('-$', '-'))).toBe(stored.eps);
      expect(dollars(estimate!.replace('-$', '-'))).toBe(stored.eps_estimate);
      expect(verb).toBe(
        stored.eps > stored.eps_estimate!
          ? 'beats'
          : stored.eps < stored.eps_estimate!
            ? 'misses'
            : 'matches',
      );
      const revenueUsd = Number(revenue) * (unit === 'B' ? 1e9 : 1e6);
      expect(Math.abs(revenueUsd - stored.revenue!)).toBeLessThanOrEqual(unit === 'B' ? 0.05e9 : 0.5e6);
      // A bmo report goes out before the open, an amc one after the close.
      const session = sessionOf(stored.reported_on)!;
      const at = Date.parse(story.updated);
      expect(stored.session === 'bmo' ? at < session.open.getTime() : at >= session.close.getTime()).toBe(
        true,
      );
    }
  });

  it('previews each report three days before with its estimate, and declares the dividend the session after', () => {
    let previews = 0;
    let dividends = 0;
    for (const story of earningsStories) {
      const symbol = story.tickers[0]!;
      const stored = quartersOf(symbol).find((q) => q.reported_on === dateOf(story)) as UpstreamFiscalQuarter;
      const previewDay = addDays(stored.reported_on, -3);
      if (previewDay >= historyStart) {
        const preview = storiesOf(symbol, previewDay).find((item) => /EPS (of |seen at )/.test(item.title));
        expect(preview, `${symbol} preview on ${previewDay}`).toBeDefined();
        expect(dollars(/(-?\$[\d.]+)/.exec(preview!.title)![1]!.replace('-$', '-'))).toBe(
          stored.eps_estimate,
        );
        previews += 1;
      }
      const nextSession = nextTradingDay(stored.reported_on);
      if (nextSession <= today && stored.dividend_per_share! > 0) {
        const declared = storiesOf(symbol, nextSession).find((item) => /dividend/.test(item.title));
        expect(declared?.title, `${symbol} dividend`).toBeDefined();
        expect(dollars(/\$([\d.]+)/.exec(declared!.title)![0])).toBe(stored.dividend_per_share);
        dividends += 1;
      }
    }
    expect(previews).toBeGreaterThan(100);
    expect(dividends).toBeGreaterThan(100);
  });

  it('writes each rating of the history as a story naming its analyst, firm, call and target', () => {
    const ratings: UpstreamRating[] = [];
    let cursor = `${Date.parse(`${historyStart}T04:00:00Z`) - 1}~`;
    for (let more = true; more;) {
      const page = sim.ratingsSince(cursor, 2000);
      ratings.push(
        ...page.items.filter((rating) => newYorkDate(new Date(rating.published_at)) >= historyStart),
      );
      ({ cursor, more } = page);
    }
    const ratingStories = feed.filter((item) => item.author.endsWith('Analyst Calls Desk'));
    // A story follows its rating by up to half an hour: those of the last half hour are not out yet.
    const told = ratings.filter((rating) => Date.parse(rating.published_at) <= fridayEvening - 30 * 60_000);
    expect(ratingStories.length).toBeGreaterThanOrEqual(told.length);
    expect(ratingStories.length).toBeLessThanOrEqual(ratings.length);
    for (const story of ratingStories) {
      const rating = ratings.find(
        (r) =>
          story.tickers[0] === r.symbol &&
          story.title.includes(r.analyst) &&
          story.title.includes(r.firm) &&
          Date.parse(story.updated) >= Date.parse(r.published_at) &&
          Date.parse(story.updated) - Date.parse(r.published_at) <= 30 * 60_000,
      );
      expect(rating, story.title).toBeDefined();
      expect(story.title).toContain(rating!.rating === 'buy' ? 'Buy' : 'Sell');
      if (story.title.includes('target'))
        expect(story.title).toContain(`$${rating!.price_target.toFixed(2)}`);
    }
  });

  it('writes a big move with the percentage the price path moved that day', () => {
    const moves = feed.filter(
      (item) =>
        item.author.endsWith('Markets Desk') && item.tickers.length === 1 && /\d+\.\d%/.test(item.title),
    );
    expect(moves.length).toBeGreaterThan(companies.length);
    for (const story of moves) {
      const symbol = story.tickers[0]!;
      const day = dateOf(story);
      const change = sim.paths.close(symbol, day) / sim.paths.close(symbol, previousTradingDay(day)) - 1;
      expect(story.title, story.title).toContain(`${(Math.abs(change) * 100).toFixed(1)}%`);
    }
  });
});
