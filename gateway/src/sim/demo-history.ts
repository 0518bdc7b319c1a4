import { demoAccounts } from '@insight/shared';
import { newYorkDate, sessionOf, tradingDaysBetween } from '@insight/shared/market/calendar';
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
import { PortfolioService } from '../portfolio/service';
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

/** The script: trading days after the file's first day, what happens, in the order a user did it. */
type Step =
  | { day: number; open: { symbol: string; type: 'Buy' | 'Sell'; dollars: number }[] }
  | { day: number; close: string[] }
  | { day: number; deposit: number }
  | { day: number; withdraw: number };

/** About two years of trading days before today. */
const historyTradingDays = 500;
const startBudget = 100_000;
const script: Step[] = [
  {
    day: 0,
    open: [
      { symbol: 'AAPL', type: 'Buy', dollars: 25_000 },
      { symbol: 'MSFT', type: 'Buy', dollars: 20_000 },
      { symbol: 'JPM', type: 'Buy', dollars: 15_000 },
      { symbol: 'XOM', type: 'Sell', dollars: 15_000 },
    ],
  },
  { day: 40, close: ['JPM'] },
  { day: 90, close: ['XOM'] },
  { day: 130, deposit: 25_000 },
  {
    day: 130,
    open: [
      { symbol: 'NVDA', type: 'Buy', dollars: 20_000 },
      { symbol: 'CVX', type: 'Sell', dollars: 12_000 },
    ],
  },
  { day: 200, close: ['MSFT'] },
  { day: 260, close: ['CVX'] },
  { day: 330, withdraw: 15_000 },
  {
    day: 400,
    open: [
      { symbol: 'KO', type: 'Buy', dollars: 10_000 },
      { symbol: 'TSLA', type: 'Sell', dollars: 10_000 },
    ],
  },
  { day: 450, close: ['TSLA'] },
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
  const openLots = new Map<string, number>();
  for (const step of script) {
    const day = dayOf(step.day);
    clockAt = closeOf(day);
    if ('open' in step) {
      const items: PositionItem[] = [];
      for (const line of step.open) {
        const price = await closeOn(app, line.symbol, day);
        if (price === null) continue;
        items.push({
          type: line.type,
          symbol: line.symbol,
          date: day,
          price,
          quantity: Math.max(1, Math.floor(line.dollars / price)),
          notes: line.type === 'Buy' ? 'Long' : 'Short',
        });
      }
      if (items.length === 0) continue;
      const answer = await service.addPositions(
        caller,
        addPositionsBodySchema.parse({ portfolio_id: id, items }),
      );
      answer.ids.forEach((lotId, i) => openLots.set(items[i]!.symbol, lotId));
    } else if ('close' in step) {
      const items: CloseBody['items'] = [];
      const open = (await service.openPositions(caller, id)).list;
      for (const symbol of step.close) {
        const lot = open.find((position) => position.id === openLots.get(symbol));
        const price = await closeOn(app, symbol, day);
        if (!lot || price === null) continue;
        items.push({ id: lot.id, quantity: lot.quantity, price, date: day, notes: 'Closed' });
      }
      if (items.length > 0) await service.close(caller, closeBodySchema.parse({ portfolio_id: id, items }));
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
