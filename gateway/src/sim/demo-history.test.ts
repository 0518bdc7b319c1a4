import { demoAccounts } from '@insight/shared';
import { isTradingDay, newYorkDate, nextTradingDay } from '@insight/shared/market/calendar';
import { notificationsApi, type NotificationsPage } from '@insight/shared/notifications/schemas';
import { portfolioApi, type FundEntry, type Position } from '@insight/shared/portfolio/schemas';
import { watchlistApi, type WatchlistResponse } from '@insight/shared/watchlist/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { marketNow } from '../market/service';
import { sectors } from '@insight/shared/common/sectors';
import { scanApi, type ScanResponse } from '@insight/shared/scan/schemas';
import { rankAcrossSectors } from '@insight/shared/scan/engine';
import {
  demoScanPerSector,
  demoScanUniverse,
  runDemoHistory,
  seedDemoHistory,
  type DemoHistoryResult,
} from './demo-history';

/** The demo user's past, built through the services a user's actions use, from the stored bars. */
let t: TestApp;
let seeded: DemoHistoryResult;
let client: HttpClient;
let fileId: number;
/** The database's clock when the seed was done: the live monitor may add to the file after it. */
const demo = demoAccounts[0];

beforeAll(async () => {
  t = await startTestApp({ INGEST: '1', DEMO_SEED: '1', DEMO_HISTORY: '1' });
  await t.app.ingestor.start();
  seeded = await seedDemoHistory(t.app);
  client = new HttpClient(t.baseUrl);
  await signIn(client, demo);
  const user = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demo.email)
    .executeTakeFirstOrThrow();
  const list = await client.get(portfolioApi.list.replace(':userId', String(user.id)));
  fileId = (list.body as { id: number }[])[0]!.id;
}, 240_000);
afterAll(async () => t.close());

const path = (template: string, values: Record<string, number>) =>
  Object.entries(values).reduce((p, [key, value]) => p.replace(`:${key}`, String(value)), template);

describe('the demo file', () => {
  it('is created on the first start, quickly, and kept on the next', async () => {
    expect(seeded.file).toBe('created');
    expect(seeded.watchlist).toBe('created');
    console.info(`demo history seeded in ${seeded.ms} ms`);
    expect(seeded.ms).toBeLessThan(20_000);
    // The next start runs it again: it keeps what is there.
    const again = await runDemoHistory(t.app);
    expect(again).toMatchObject({ file: 'kept', watchlist: 'kept' });
    const rows = await t.app.db.selectFrom('portfolios').select('id').where('id', '=', fileId).execute();
    expect(rows).toHaveLength(1);
  });

  it('was opened about two years ago, with deposits and a withdrawal', async () => {
    const funds = (await client.get(path(portfolioApi.fundsHistory, { id: fileId }))).body as FundEntry[];
    const first = funds.at(-1)!;
    const ageDays = (Date.now() - Date.parse(first.date)) / 86_400_000;
    expect(ageDays).toBeGreaterThan(650);
    expect(ageDays).toBeLessThan(800);
    expect(funds.filter((fund) => fund.units > 0).length).toBeGreaterThanOrEqual(2);
    expect(funds.filter((fund) => fund.units < 0)).toHaveLength(1);
  });

  it('has closed longs and shorts, at the stored closes of their days, and open positions', async () => {
    const closed = (
      (await client.get(path(portfolioApi.closedPositions, { id: fileId }))).body as { list: Position[] }
    ).list;
    expect(closed.some((p) => p.pos_type === 'Long')).toBe(true);
    expect(closed.some((p) => p.pos_type === 'Short')).toBe(true);
    for (const position of closed) {
      const bar = await t.app.db
        .selectFrom('daily_bars')
        .select('close')
        .where('symbol', '=', position.symbol)
        .where('date', '=', position.close_date!.date)
        .executeTakeFirstOrThrow();
      expect(position.close_price).toBeCloseTo(Number(bar.close), 2);
    }
    const open = (
      (await client.get(path(portfolioApi.openPositions, { id: fileId }))).body as { list: Position[] }
    ).list;
    expect(open.length).toBeGreaterThanOrEqual(2);
  });

  it('its unit price at each deposit and withdrawal is what the portfolio service computes for that day', async () => {
    const funds = (await client.get(path(portfolioApi.fundsHistory, { id: fileId }))).body as FundEntry[];
    const chart = (await client.post(portfolioApi.chart, { pid: fileId, etfs: ['SPY'] })).body as {
      chart_data: { labels: string[]; datasets: { data: (number | null)[] }[] };
    };
    const { labels, datasets } = chart.chart_data;
    expect(labels.length).toBeGreaterThan(400);
    // The chart is the unit price's change since the first day (unit price 1), in percent.
    for (const fund of funds) {
      const index = labels.indexOf(fund.date);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(fund.price).toBeCloseTo(1 + datasets[0]!.data[index]! / 100, 3);
    }
    // Not flat: the positions moved it.
    expect(new Set(datasets[0]!.data).size).toBeGreaterThan(100);
    const sharpe = (await client.get(path(portfolioApi.sharpe, { id: fileId }))).body as {
      value: number | null;
    };
    expect(sharpe.value).not.toBeNull();
  });

  it('a watchlist with entries weeks old, at the closes of their days', async () => {
    const watchlist = (await client.get(watchlistApi.get)).body as WatchlistResponse;
    const items = watchlist.items;
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items)
      expect(Date.now() - Date.parse(item.entry_date.date)).toBeGreaterThan(7 * 86_400_000);
  });

  it('the monitor rules ran over the file: each notification dated on the market day it fired', async () => {
    // Every notification stored for the file: the seed's, and any the live market fired on it (a rating
    // on a held stock, from the moment its positions were opened, which may be before the seed counted),
    // counted on either side of the read.
    const stored = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('portfolio_notifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('portfolio_id', '=', fileId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const storedBefore = await stored();
    const response = await client.get(
      path(notificationsApi.list, { portfolio: fileId, count: 100, offset: 0 }),
    );
    const storedAfter = await stored();
    expect(response.status).toBe(200);
    const page = response.body as NotificationsPage;
    expect(seeded.notifications).toBeGreaterThan(0);
    expect(page.total).toBeGreaterThanOrEqual(Math.max(storedBefore, seeded.notifications));
    expect(page.total).toBeLessThanOrEqual(storedAfter);
    expect(page.total).toBeGreaterThan(0);
    const funds = (await client.get(path(portfolioApi.fundsHistory, { id: fileId }))).body as FundEntry[];
    const opened = funds.at(-1)!.date;
    const today = newYorkDate(marketNow(t.app.ingestor.marketStatus()?.at));
    const firedOn = page.list.map((notification) => {
      const at = new Date(notification.entry_date.date);
      const day = newYorkDate(at);
      // Not after this start, not before the file was opened; on the market day of its fact (the
      // trading day of the rating, the split, the refresh falling due…), or today for today's facts
      // and for an earnings date seen coming.
      const marketDayOfFact = isTradingDay(notification.day)
        ? notification.day
        : nextTradingDay(notification.day);
      expect(at.getTime()).toBeLessThanOrEqual(Date.now());
      expect(day >= opened).toBe(true);
      expect(day).toBe(marketDayOfFact < today ? marketDayOfFact : today);
      return day;
    });
    // Rules fired on days long past, not all on this start's day; newest first, as the bell lists them.
    const past = firedOn.filter((day) => day < today);
    expect(past.length).toBeGreaterThan(0);
    expect(new Set(firedOn).size).toBeGreaterThan(1);
    expect([...firedOn].sort().reverse()).toEqual(firedOn);
  });

  it('its longs are the Opportunities Scanner’s best-scored stocks of the evening before, as the scanner answers', async () => {
    const [open, closed] = await Promise.all(
      [portfolioApi.openPositions, portfolioApi.closedPositions].map(
        async (api) => ((await client.get(path(api, { id: fileId }))).body as { list: Position[] }).list,
      ),
    );
    const longs = [...open!, ...closed!].filter((p) => p.pos_type === 'Long');
    const byScanDay = new Map<string, { rank: number; symbol: string }[]>();
    for (const lot of longs) {
      const note = /^Scanner pick #(\d+) of (\d{4}-\d\d-\d\d), score [\d.]+(; sold for the new picks)?$/.exec(
        lot.notes,
      );
      expect(note, lot.notes).not.toBeNull();
      const list = byScanDay.get(note![2]!) ?? [];
      list.push({ rank: Number(note![1]), symbol: lot.symbol });
      byScanDay.set(note![2]!, list);
    }
    // Four pick days, each a rotation of four or five stocks.
    expect(byScanDay.size).toBe(4);
    const universes = (await client.get('/api/universes')).body as { id: number; name: string }[];
    const universe = universes.find((u) => u.name === demoScanUniverse)!.id;
    for (const [day, picks] of byScanDay) {
      const query = new URLSearchParams({
        universe: String(universe),
        sectors: sectors.map((sector) => sector.id).join(','),
        count: String(demoScanPerSector),
        // The scanner's defaults, as its screen asks without a setting.
        date: day,
      });
      const scan = await client.get(`${scanApi.scan}?${query}`);
      expect(scan.status, scan.text).toBe(200);
      const ranked = rankAcrossSectors((scan.body as ScanResponse).opportunities).map((row) => row.ticker);
      for (const pick of picks) expect(ranked[pick.rank - 1], `${day} #${pick.rank}`).toBe(pick.symbol);
      // The best ones, but for a stock the file was short or had no close that day.
      expect(Math.max(...picks.map((p) => p.rank))).toBeLessThanOrEqual(picks.length + 2);
    }
  });
});
