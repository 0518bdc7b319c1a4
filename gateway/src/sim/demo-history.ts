import { randomUUID } from 'node:crypto';
import { demoAccounts } from '@insight/shared';
import { sectors } from '@insight/shared/common/sectors';
import {
  newYorkDate,
  previousTradingDay,
  sessionOf,
  tradingDaysBetween,
} from '@insight/shared/market/calendar';
import { rankAcrossSectors } from '@insight/shared/scan/engine';
import {
  addPositionsBodySchema,
  closeBodySchema,
  createPortfolioBodySchema,
  depositBodySchema,
  type CloseBody,
  type PositionItem,
} from '@insight/shared/portfolio/schemas';
import type { FastifyInstance } from 'fastify';
import { marketNow } from '../market/service';
import { MonitorEngine } from '../monitor/engine';
import { PortfolioService, type Caller } from '../portfolio/service';
import { allSymbols, runScan } from '../scan/service';
import { WatchlistService } from '../watchlist/service';

/**
 * The demo user's past (issue 15, "a first start worth showing"): a file opened about two years ago
 * in the simulated past, with deposits, a withdrawal, longs and shorts opened and closed, and a
 * watchlist with entries weeks old. Nothing is written by hand: every step is the call a user's
 * action makes, through the same services, on a clock standing on that past day (`replay`), at the
 * stored daily close of the day. Then the monitor rules run over the file as they do for anyone's,
 * each notification dated on the market day its rule fired.
 *
 * Once: a demo user who already has a file (or a watchlist) keeps it as it is.
 */

/**
 * The script: trading days after the file's first day, what happens, in the order a user did it. The
 * longs are the product's own advice: on each `pick` day the user bought the Opportunities Scanner's
 * best-scored stocks of the day before (a point-in-time scan of every sector, as the strategy
 * backtest runs it), having sold the previous picks. The shorts are the user's own views.
 */
type Step =
  | { day: number; pick: { count: number; shareOfCash: number } }
  | { day: number; sellPicks: true }
  | { day: number; short: { symbol: string; dollars: number } }
  | { day: number; cover: string }
  | { day: number; deposit: number }
  | { day: number; withdraw: number };

/** About two years of trading days before today. */
const historyTradingDays = 500;
const startBudget = 100_000;
const script: Step[] = [
  { day: 0, short: { symbol: 'XOM', dollars: 15_000 } },
  { day: 0, pick: { count: 4, shareOfCash: 0.8 } },
  { day: 90, cover: 'XOM' },
  { day: 130, deposit: 25_000 },
  { day: 130, sellPicks: true },
  { day: 130, short: { symbol: 'CVX', dollars: 12_000 } },
  { day: 130, pick: { count: 5, shareOfCash: 0.8 } },
  { day: 260, cover: 'CVX' },
  { day: 260, sellPicks: true },
  { day: 260, pick: { count: 5, shareOfCash: 0.8 } },
  { day: 400, sellPicks: true },
  { day: 400, withdraw: 15_000 },
  { day: 400, short: { symbol: 'TSLA', dollars: 10_000 } },
  { day: 400, pick: { count: 5, shareOfCash: 0.8 } },
  { day: 450, cover: 'TSLA' },
];

/** Watchlist follows: calendar days before today. */
const follows = [
  { symbol: 'AAPL', daysAgo: 42 },
  { symbol: 'MSFT', daysAgo: 28 },
  { symbol: 'XOM', daysAgo: 21 },
  { symbol: 'NVDA', daysAgo: 14 },
];

const running = new WeakMap<FastifyInstance, Promise<DemoHistoryResult>>();

export interface DemoHistoryResult {
  file: 'created' | 'kept' | 'skipped';
  watchlist: 'created' | 'kept' | 'skipped';
  notifications: number;
  ms: number;
}

/** Seeds the demo user's past once per process (a second call answers the first's promise). */
export function seedDemoHistory(app: FastifyInstance): Promise<DemoHistoryResult> {
  let promise = running.get(app);
  if (!promise) {
    promise = runDemoHistory(app);
    running.set(app, promise);
  }
  return promise;
}

/** Seeds when the market data is in: after the first backfill (a follower node leaves it to the leader). */
export function seedDemoHistoryWhenLive(app: FastifyInstance) {
  let stopped = false;
  app.addHook('onClose', async () => {
    stopped = true;
  });
  const wait = async () => {
    while (!stopped && app.ingestor.phase !== 'live')
      await new Promise((resolve) => setTimeout(resolve, 250));
    if (stopped) return;
    const result = await seedDemoHistory(app);
    app.log.info(result, 'demo history seeded');
  };
  void wait().catch((error: unknown) => app.log.error({ err: error }, 'demo history failed'));
}

/** One run of the seeding (each start runs it; what exists is kept). */
export async function runDemoHistory(app: FastifyInstance): Promise<DemoHistoryResult> {
  const started = Date.now();
  const demo = demoAccounts[0];
  const user = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demo.email)
    .executeTakeFirst();
  if (!user) return { file: 'skipped', watchlist: 'skipped', notifications: 0, ms: Date.now() - started };
  const today = newYorkDate(marketNow(app.ingestor.marketStatus()?.at));
  const days = tradingDaysBetween(shiftDays(today, -800), today).filter((day) => day < today);
  const dayOf = (offset: number) => days[Math.max(0, days.length - historyTradingDays) + offset]!;

  const file = await seedFile(app, user.id, dayOf);
  const watchlist = await seedWatchlist(app, user.id, today);
  let notifications = 0;
  if (file.id !== null) {
    const before = await countNotifications(app, file.id);
    // The monitor's own engine and rules, on the market's clock, replaying: each hit is stamped with the
    // market day it fired on (a rating's, a split's, the day a refresh fell due), not with this start.
    // History, not news: nothing is pushed to sockets.
    const engine = new MonitorEngine(
      app.db,
      { now: () => marketNow(app.ingestor.marketStatus()?.at), replay: true },
      () => {},
      app.log,
    );
    await engine.portfolio(file.id);
    notifications = (await countNotifications(app, file.id)) - before;
  }
  return { file: file.state, watchlist, notifications, ms: Date.now() - started };
}

async function countNotifications(app: FastifyInstance, portfolioId: number) {
  const row = await app.db
    .selectFrom('portfolio_notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The instant a past trading day closed: the clock a replayed action stands on. */
const closeOf = (day: string) => sessionOf(day)!.close;

function shiftDays(day: string, by: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + by);
  return d.toISOString().slice(0, 10);
}

/** The stored close of a symbol on a day (the price a replayed action is made at). */
async function closeOn(app: FastifyInstance, symbol: string, day: string) {
  const row = await app.db
    .selectFrom('daily_bars')
    .select('close')
    .where('symbol', '=', symbol)
    .where('date', '=', day)
    .executeTakeFirst();
  return row ? Number(row.close) : null;
}

async function seedFile(
  app: FastifyInstance,
  userId: number,
  dayOf: (offset: number) => string,
): Promise<{ state: DemoHistoryResult['file']; id: number | null }> {
  const existing = await app.db
    .selectFrom('portfolios')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) return { state: 'kept', id: existing.id };
  const caller = { userId, admin: false };
  let clockAt = closeOf(dayOf(0));
  const service = new PortfolioService(app.db, { now: () => clockAt, replay: true });
  const created = await service.create(
    caller,
    createPortfolioBodySchema.parse({
      name: 'My Portfolio',
      start_budget: startBudget,
      date: dayOf(0),
      notes: 'Opened with the first savings',
    }),
  );
  const id = created.id;
  const shorts = new Map<string, number>();
  let picks: number[] = [];
  for (const step of script) {
    const day = dayOf(step.day);
    clockAt = closeOf(day);
    if ('short' in step) {
      const { symbol, dollars } = step.short;
      const price = await closeOn(app, symbol, day);
      if (price === null) continue;
      const answer = await service.addPositions(
        caller,
        addPositionsBodySchema.parse({
          portfolio_id: id,
          items: [
            {
              type: 'Sell',
              symbol,
              date: day,
              price,
              quantity: Math.max(1, Math.floor(dollars / price)),
              notes: 'Short: my own view',
            },
          ],
        }),
      );
      shorts.set(symbol, answer.ids[0]!);
    } else if ('cover' in step) {
      const lot = shorts.get(step.cover);
      if (lot !== undefined)
        await closeLots(app, service, caller, id, [lot], day, (notes) => `${notes}; covered`);
      shorts.delete(step.cover);
    } else if ('sellPicks' in step) {
      await closeLots(app, service, caller, id, picks, day, (notes) => `${notes}; sold for the new picks`);
      picks = [];
    } else if ('pick' in step) {
      const scanDay = previousTradingDay(day);
      const chosen: { symbol: string; price: number; rank: number; score: number }[] = [];
      // Ranks as the scanner shows them; a stock the file is short of, or without a close, is passed over.
      for (const [rank, row] of (await scannerRanking(app, userId, scanDay)).entries()) {
        if (chosen.length === step.pick.count) break;
        if (shorts.has(row.ticker)) continue;
        const price = await closeOn(app, row.ticker, day);
        if (price !== null) chosen.push({ symbol: row.ticker, price, rank: rank + 1, score: row.totalScore });
      }
      if (chosen.length === 0) continue;
      const each = ((await service.cash(caller, id)) * step.pick.shareOfCash) / chosen.length;
      const items: PositionItem[] = chosen
        .filter((pick) => each >= pick.price)
        .map((pick) => ({
          type: 'Buy',
          symbol: pick.symbol,
          date: day,
          price: pick.price,
          quantity: Math.floor(each / pick.price),
          notes: `Scanner pick #${pick.rank} of ${scanDay}, score ${pick.score.toFixed(1)}`,
        }));
      if (items.length === 0) continue;
      const answer = await service.addPositions(
        caller,
        addPositionsBodySchema.parse({ portfolio_id: id, items }),
      );
      picks = answer.ids;
    } else {
      const { unit_price } = await service.unitPrice(caller, id);
      const dollars = 'deposit' in step ? step.deposit : -step.withdraw;
      const units = Math.trunc(dollars / unit_price);
      await service.deposit(
        caller,
        depositBodySchema.parse({
          portfolioId: id,
          units,
          notes: units > 0 ? 'Bonus paid in' : 'Took out for a car',
        }),
      );
    }
  }
  return { state: 'created', id };
}

/** The universe the demo user scans, and how many rows per sector (the best of all sectors are bought). */
export const demoScanUniverse = 'S&P500';
export const demoScanPerSector = 5;

/**
 * The Opportunities Scanner's rows of `day` over the S&P 500, every sector, best score first: the scan a
 * user would have run that evening (point in time: only what was known by the day's end).
 */
async function scannerRanking(app: FastifyInstance, userId: number, day: string) {
  // The universe as the scanner's screen offers it to the user (the built-in ones brought up to date).
  const universe = (await app.universes.list(userId)).find((u) => u.name === demoScanUniverse);
  const scan = await runScan(
    { db: app.db, cache: app.scanner.cache },
    {
      scanId: randomUUID(),
      userId,
      isAdmin: false,
      universeId: universe?.id ?? allSymbols,
      sectorIds: sectors.map((sector) => sector.id),
      count: demoScanPerSector,
      date: day,
      // The scanner's own defaults (fundamentals point in time), as a user of the scanner gets them.
      filters: {},
    },
  );
  return rankAcrossSectors(scan.opportunities);
}

/** Closes the file's open lots of `lotIds` whole, at the stored closes of `day`. */
async function closeLots(
  app: FastifyInstance,
  service: PortfolioService,
  caller: Caller,
  fileId: number,
  lotIds: readonly number[],
  day: string,
  /** The closed lot's notes, from the open lot's. */
  notes: (open: string) => string,
) {
  const wanted = new Set(lotIds);
  const items: CloseBody['items'] = [];
  for (const lot of (await service.openPositions(caller, fileId)).list) {
    if (!wanted.has(lot.id)) continue;
    const price = await closeOn(app, lot.symbol, day);
    if (price !== null)
      items.push({ id: lot.id, quantity: lot.quantity, price, date: day, notes: notes(lot.notes) });
  }
  if (items.length > 0) await service.close(caller, closeBodySchema.parse({ portfolio_id: fileId, items }));
}

async function seedWatchlist(
  app: FastifyInstance,
  userId: number,
  today: string,
): Promise<DemoHistoryResult['watchlist']> {
  const existing = await app.db
    .selectFrom('watchlist')
    .select('symbol')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) return 'kept';
  // Oldest first, as the user followed them.
  for (const follow of [...follows].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const days = tradingDaysBetween(shiftDays(today, -follow.daysAgo - 7), shiftDays(today, -follow.daysAgo));
    const day = days.at(-1);
    if (!day) continue;
    // During that day's session, an hour before the close.
    const at = new Date(closeOf(day).getTime() - 3_600_000);
    await new WatchlistService(app.db, { now: () => at, replay: true }).follow(userId, follow.symbol);
  }
  return 'created';
}
