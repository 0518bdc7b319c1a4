import {
  appLimits,
  appMessages,
  missingBenchmark,
  type App,
  type AppMessage,
  type AppPortfolio,
  type AppPortfolioDetail,
  type NotifyAllResponse,
} from '@insight/shared/apps/schemas';
import { marketMessages } from '@insight/shared/market/schemas';
import { marketReadRepo } from '../market/read-repo';
import type { Db } from '../platform/db';
import { badRequest, conflict, HttpError } from '../platform/errors';
import { appsRepo } from './repo';

/** How a broadcast reaches sockets: the realtime side, as the routes wire it. */
export interface Broadcaster {
  /** The users with a socket in the app's room now, on every node. */
  usersOnline(flavor: string): Promise<number[]>;
  /** Pushes `app:message` to every socket in the app's room. */
  send(message: AppMessage): void;
}

type PortfolioRow = NonNullable<Awaited<ReturnType<ReturnType<typeof appsRepo>['findPortfolio']>>>;

const notFound = (message: string) => new HttpError(404, message);
const round2 = (value: number) => Math.round(value * 100) / 100;
/** A DATE on the 1st, as the month YYYY-MM. */
const monthOf = (date: string) => date.slice(0, 7);

function toPortfolio(row: Omit<PortfolioRow, 'symbols'> & { symbols: string | null }): AppPortfolio {
  return {
    id: row.id,
    app: row.app_flavor,
    title: row.title,
    active: row.active,
    month: monthOf(row.month),
    end_month: row.end_month === null ? null : monthOf(row.end_month),
    symbols: Number(row.symbols ?? 0),
  };
}

const toMessage = (row: { id: number; app_flavor: string; text: string; created_at: Date }): AppMessage => ({
  id: row.id,
  app: row.app_flavor,
  msg: row.text,
  at: row.created_at.toISOString(),
});

/**
 * The app flavours, their portfolios and the broadcasts to their users (spec 002 §2.8, §5, §7.4).
 * Knows nothing of HTTP; the routes admit admins only.
 */
export class AppsService {
  private readonly repo;
  private readonly market;

  constructor(
    private readonly db: Db,
    private readonly broadcaster: () => Broadcaster | null,
  ) {
    this.repo = appsRepo(db);
    this.market = marketReadRepo(db);
  }

  apps(): Promise<App[]> {
    return this.repo.listApps();
  }

  /** The user's app flavour, or null when they did not come from an app. */
  async appOf(userId: number): Promise<App | null> {
    return (await this.repo.appOfUser(userId)) ?? null;
  }

  async portfolios(flavor: string, activeOnly: boolean): Promise<AppPortfolio[]> {
    await this.requireApp(flavor);
    return (await this.repo.listPortfolios(flavor, activeOnly)).map(toPortfolio);
  }

  async addPortfolio(input: { title: string; app: string; month: string }): Promise<AppPortfolioDetail> {
    await this.requireApp(input.app);
    const id = await this.repo.insertPortfolio({
      flavor: input.app,
      title: input.title,
      month: `${input.month}-01`,
    });
    if (id === undefined) throw conflict(appMessages.portfolioExists);
    return this.portfolio(id, true);
  }

  /** A portfolio; with its symbols (their last prices now) and the SPY warning when `withList`. */
  async portfolio(id: number, withList: boolean): Promise<AppPortfolioDetail> {
    const row = await this.repo.findPortfolio(id);
    if (!row) throw notFound(appMessages.portfolioNotFound);
    const portfolio = toPortfolio(row);
    if (!withList) return { ...portfolio, warning: null };
    const list = (await this.repo.symbols(id)).map((symbol) => ({
      symbol: symbol.symbol,
      entry: round2(Number(symbol.entry)),
      last_price: symbol.last_price === null ? null : round2(Number(symbol.last_price)),
    }));
    return { ...portfolio, list, warning: missingBenchmark(list) ? appMessages.missingSpy : null };
  }

  async makeActive(id: number, active: boolean): Promise<AppPortfolioDetail> {
    await this.requirePortfolio(id);
    await this.repo.setActive(id, active);
    return this.portfolio(id, true);
  }

  /** The last month of the portfolio (YYYY-MM), not before its first; null clears it. */
  async setEndMonth(id: number, endMonth: string | null): Promise<AppPortfolioDetail> {
    const row = await this.requirePortfolio(id);
    if (endMonth !== null && endMonth < monthOf(row.month))
      throw badRequest(appMessages.endBeforeStart, 'value');
    await this.repo.setEndMonth(id, endMonth === null ? null : `${endMonth}-01`);
    return this.portfolio(id, true);
  }

  /**
   * Adds a known symbol at `entry`, or at its last price when none is given. 404 for an unknown symbol
   * (or portfolio), 409 when it is there already, 400 beyond the size limit or without any price.
   */
  async addSymbol(id: number, symbol: string, entry: string | undefined): Promise<AppPortfolioDetail> {
    const last = await this.market.lastPrice(symbol);
    if (!last) throw notFound(marketMessages.unknownSymbol(symbol));
    const price = entry ?? last.price;
    if (price === null) throw badRequest(appMessages.noPrice(symbol), 'entry');
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.lockPortfolio(id, trx))) throw notFound(appMessages.portfolioNotFound);
      if ((await this.repo.countSymbols(id, trx)) >= appLimits.symbolsMax)
        throw badRequest(appMessages.tooManySymbols);
      if (!(await this.repo.addSymbol({ portfolioId: id, symbol, entry: price }, trx)))
        throw conflict(appMessages.symbolExists(symbol));
    });
    return this.portfolio(id, true);
  }

  async removeSymbol(id: number, symbol: string): Promise<AppPortfolioDetail> {
    await this.requirePortfolio(id);
    if (!(await this.repo.removeSymbol(id, symbol))) throw notFound(appMessages.symbolMissing(symbol));
    return this.portfolio(id, true);
  }

  /**
   * Sends a message to every user of an app. Every user gets an outbox row first (pending); those with
   * a socket in the app room now are marked delivered and the message is pushed to every socket there.
   * The others get it when they next connect (deliverPending). A socket that joins while this runs may
   * get it both ways: clients tell repeats apart by id.
   */
  async notifyAll(senderId: number, flavor: string, text: string): Promise<NotifyAllResponse> {
    await this.requireApp(flavor);
    const broadcaster = this.broadcaster();
    const { message, queued } = await this.db.transaction().execute(async (trx) => {
      const message = await this.repo.insertMessage({ flavor, text, sentBy: senderId }, trx);
      return { message, queued: await this.repo.queueForUsers(message.id, flavor, trx) };
    });
    const online = broadcaster ? await broadcaster.usersOnline(flavor) : [];
    const live = await this.repo.markDelivered(message.id, online);
    broadcaster?.send(toMessage(message));
    return { status: true, msg: appMessages.notificationsQueued, live, queued: queued - live };
  }

  /** The user's messages of an app not yet delivered, oldest first, marked delivered as they are taken. */
  async deliverPending(userId: number, flavor: string): Promise<AppMessage[]> {
    return (await this.repo.claimPending(userId, flavor)).map(toMessage);
  }

  /** Messages taken by deliverPending that could not be sent: pending again. */
  returnPending(userId: number, messageIds: readonly number[]): Promise<void> {
    return this.repo.unclaim(userId, messageIds);
  }

  private async requireApp(flavor: string) {
    const app = await this.repo.findApp(flavor);
    if (!app) throw notFound(appMessages.unknownApp(flavor));
    return app;
  }

  private async requirePortfolio(id: number) {
    const row = await this.repo.findPortfolio(id);
    if (!row) throw notFound(appMessages.portfolioNotFound);
    return row;
  }
}
