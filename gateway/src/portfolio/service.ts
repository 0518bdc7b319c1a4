import {
  isTradingDay,
  newYorkDate,
  previousTradingDay,
  tradingDaysBetween,
} from '@insight/shared/market/calendar';
import {
  Dec,
  dailyPnl,
  dailySeries,
  dealUnits,
  lotCost,
  lotFigures,
  money,
  percent,
  percentChange,
  sectorAllocation,
  sharpeRatio,
  unitPrice,
  valueFile,
  type DayValue,
  type FundFact,
  type LotFact,
  type Valuation,
} from '@insight/shared/portfolio/accounting';
import {
  defaultMonitorSettings,
  portfolioLimits,
  portfolioMessages,
  type addPositionsBodySchema,
  type closeBodySchema,
  type futureActionBodySchema,
  type portfolioChartBodySchema,
  type AddBudgetBody,
  type CreatePortfolioBody,
  type DepositBody,
  type FundEntry,
  type FutureAction,
  type MonitorSetting,
  type Portfolio,
  type PortfolioChanged,
  type PortfolioChart,
  type Position,
  type PositionKind,
} from '@insight/shared/portfolio/schemas';
import { etfBaseDay, etfMovePercent } from '@insight/shared/portfolio/etf-move';
import type { z } from 'zod';
import { sectorOfName } from '../market/service';
import type { Db } from '../platform/db';
import { badRequest, conflict, HttpError } from '../platform/errors';
import { FileRowsCache } from './file-cache';
import { portfolioRepo, type LotInput } from './repo';

/** The market's now: "today" of every date rule and of the live figures is its New York day. */
export interface PortfolioClock {
  now(): Date;
  /**
   * A replay of past actions (the demo file, sim/demo-history.ts): the clock stands on a past day,
   * and that day's prices are its stored closes, not the live quotes.
   */
  replay?: boolean;
}

/** Who asks: admins may act on any user's file, everyone else on their own only. */
export interface Caller {
  userId: number;
  admin: boolean;
}

/** Told after every committed change, with the file's owner (the room to tell). */
export type ChangeListener = (ownerId: number, change: PortfolioChanged) => void;

type AddPositionsBody = z.output<typeof addPositionsBodySchema>;
type CloseBody = z.output<typeof closeBodySchema>;
type FutureActionBody = z.output<typeof futureActionBodySchema>;
type ChartBody = z.output<typeof portfolioChartBodySchema>;

type FileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof portfolioRepo>['byId']>>>;
type FundRow = Awaited<ReturnType<ReturnType<typeof portfolioRepo>['funds']>>[number];
type LotRow = Awaited<ReturnType<ReturnType<typeof portfolioRepo>['lots']>>[number];
type SymbolFact = Awaited<ReturnType<ReturnType<typeof portfolioRepo>['symbolFacts']>>[number];

const notFound = (message: string) => new HttpError(404, message);
const kindOf = (type: 'Buy' | 'Sell'): PositionKind => (type === 'Buy' ? 'Long' : 'Short');
const round2 = (value: string | null) => (value === null ? null : money(new Dec(value)));
const decOrNull = (value: string | null | undefined) =>
  value === null || value === undefined ? null : new Dec(value);

const fundFact = (row: FundRow): FundFact => ({
  date: row.date,
  units: Number(row.units),
  unitPrice: new Dec(row.unit_price),
  amount: new Dec(row.amount),
});

const lotFact = (row: LotRow): LotFact => ({
  id: row.id,
  symbol: row.symbol,
  kind: row.kind,
  entryDate: row.entry_date,
  entryPrice: new Dec(row.entry_price),
  quantity: row.quantity,
  closeDate: row.close_date,
  closePrice: decOrNull(row.close_price),
});

const fundEntry = (row: FundRow): FundEntry => ({
  id: row.id,
  amount: money(new Dec(row.amount)),
  date: row.date,
  units: Number(row.units),
  price: unitPrice(new Dec(row.unit_price)),
  notes: row.notes,
});

const futureAction = (row: {
  id: number;
  portfolio_id: number;
  date: string;
  action: 'Buy' | 'Sell';
  ticker: string;
  reason: string;
  quantity: number;
  comment: string;
  created_at: Date;
}): FutureAction => ({
  id: row.id,
  portfolio_id: row.portfolio_id,
  date: row.date,
  action: row.action,
  ticker: row.ticker,
  reason: row.reason,
  quantity: row.quantity,
  comment: row.comment,
  created: row.created_at.toISOString(),
});

/** The last fund entry's date: positions opened before it can no longer be edited or deleted. */
const lastDepositOf = (funds: readonly FundRow[]) =>
  funds.reduce<string>((last, fund) => (fund.date > last ? fund.date : last), '');

/** The day a change of funds is dated: today, or the last trading day when the market is shut today. */
const tradingDayOnOrBefore = (day: string) => (isTradingDay(day) ? day : previousTradingDay(day));

/** A YYYY-MM-DD string that names a real day (not 2024-02-30). */
const isRealDate = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};

/** A file's lots and fund entries as read, and the accounting's facts made from them once. */
interface FileRows {
  fundRows: FundRow[];
  lotRows: LotRow[];
  funds: FundFact[];
  lots: LotFact[];
}

const fileRowsOf = (fundRows: FundRow[], lotRows: LotRow[]): FileRows => ({
  fundRows,
  lotRows,
  funds: fundRows.map(fundFact),
  lots: lotRows.map(lotFact),
});

/** A file's facts and their value now, ready for the figures. */
interface Book {
  file: FileRow;
  fundRows: FundRow[];
  lotRows: LotRow[];
  funds: FundFact[];
  lots: LotFact[];
  today: string;
  lastDeposit: string;
  facts: Map<string, SymbolFact>;
  priceOf: (symbol: string) => Dec | null;
  now: Valuation;
}

/**
 * The portfolio ("my file", spec 001; position calls of spec 002 §7.6): its rules, with every figure
 * from the shared accounting run on the stored facts, live prices for today and daily closes for the
 * days before. Knows nothing of HTTP: refusals are HttpErrors with the spec's messages; every
 * multi-row change is one transaction; committed changes are told to the listener.
 */
export class PortfolioService {
  private readonly repo;
  /** Files' lots and fund entries by revision, for the reads (a few hundred files' worth). */
  private readonly fileRows = new FileRowsCache<FileRows>(256);

  constructor(
    private readonly db: Db,
    private readonly clock: PortfolioClock,
    private readonly onChange: ChangeListener = () => {},
  ) {
    this.repo = portfolioRepo(db);
  }

  /** The market's today (New York). */
  today(): string {
    return newYorkDate(this.clock.now());
  }

  /** The symbols the user's file holds open (spec 002 §7.5 portfolio tickers; `in_file`). */
  async heldSymbols(userId: number): Promise<string[]> {
    return this.repo.heldSymbols(userId);
  }

  // ---- access ----

  /** A user's files: only their own, unless an admin asks. */
  private requireUser(caller: Caller, userId: number) {
    if (userId !== caller.userId && !caller.admin) throw notFound(portfolioMessages.notFound);
  }

  /** The file, when it exists and the caller may see it: 404 unknown or another user's (as if it did not exist). */
  private async requireFile(caller: Caller, id: number, trx: Db = this.db): Promise<FileRow> {
    const file = await this.repo.byId(id, trx);
    if (!file || (file.user_id !== caller.userId && !caller.admin))
      throw notFound(portfolioMessages.notFound);
    return file;
  }

  private changed(file: { id: number; user_id: number }, kind: PortfolioChanged['kind']) {
    this.onChange(file.user_id, { portfolioId: file.id, kind });
  }

  // ---- the facts and their figures ----

  /**
   * The file's facts now. Its lots and fund entries come from `fileRows` while the file's revision
   * (read here, fresh: `file` may be a row read before a change) holds, else are read and kept.
   */
  private async book(file: FileRow, extraSymbols: readonly string[] = []): Promise<Book> {
    const today = this.today();
    const [revision, factRows] = await Promise.all([
      this.repo.revision(file.id),
      this.repo.fileSymbolFacts(file.id, extraSymbols, today),
    ]);
    let rows = revision === null ? undefined : this.fileRows.get(file.id, revision);
    if (rows === undefined) {
      // Read after the revision, so they are at least that new (file-cache.ts).
      rows = fileRowsOf(...(await Promise.all([this.repo.funds(file.id), this.repo.lots(file.id)])));
      if (revision !== null) this.fileRows.set(file.id, revision, rows);
    }
    return this.bookOf(file, rows, today, extraSymbols, this.db, factRows);
  }

  private async bookOf(
    file: FileRow,
    { fundRows, lotRows, funds, lots }: FileRows,
    today: string,
    extraSymbols: readonly string[] = [],
    trx: Db = this.db,
    /** The facts already read (`fileSymbolFacts`, alongside the revision): only those missing are read. */
    factRows: readonly SymbolFact[] = [],
  ): Promise<Book> {
    const symbols = [...new Set([...lotRows.map((lot) => lot.symbol), ...extraSymbols])];
    const facts = new Map(factRows.map((fact) => [fact.symbol, fact]));
    // A symbol of no company has no facts: asked again, it still has none. A lot written between the
    // two reads has its facts read now.
    const missing = symbols.filter((symbol) => !facts.has(symbol));
    for (const fact of await this.repo.symbolFacts(missing, today, trx)) facts.set(fact.symbol, fact);
    if (this.clock.replay && symbols.length > 0)
      for (const row of await this.repo.closesOnOrBefore(
        symbols.map((symbol) => ({ symbol, day: today })),
        trx,
      ))
        facts.set(row.symbol, { ...facts.get(row.symbol)!, last_price: row.close });
    // One Dec per symbol, not per lot: valueFile and each position ask for the same prices.
    const prices = new Map([...facts].map(([symbol, fact]) => [symbol, decOrNull(fact.last_price)]));
    const priceOf = (symbol: string) => prices.get(symbol) ?? null;
    return {
      file,
      fundRows,
      lotRows,
      funds,
      lots,
      today,
      lastDeposit: lastDepositOf(fundRows),
      facts,
      priceOf,
      now: valueFile(funds, lots, today, priceOf),
    };
  }

  /**
   * A price for each (symbol, day) of `days`: the live price for today (the symbols must be in the
   * book's facts), else the day's close or the last before it (a symbol may miss a trading day).
   */
  private async closeReader(symbols: readonly string[], days: readonly string[], book: Book) {
    const first = days[0];
    const last = days.at(-1);
    const bySymbol = new Map<string, { date: string; close: Dec }[]>();
    if (first !== undefined && last !== undefined && symbols.length > 0) {
      const before = await this.repo.closesOnOrBefore(
        symbols.map((symbol) => ({ symbol, day: previousTradingDay(first) })),
      );
      for (const row of before)
        if (row.close !== null) bySymbol.set(row.symbol, [{ date: row.day, close: new Dec(row.close) }]);
      for (const row of await this.repo.closes(symbols, first, last)) {
        const list = bySymbol.get(row.symbol) ?? [];
        list.push({ date: row.date, close: new Dec(row.close) });
        bySymbol.set(row.symbol, list);
      }
    }
    return (symbol: string, day: string): Dec | null => {
      if (day === book.today) return book.priceOf(symbol);
      const list = bySymbol.get(symbol);
      if (!list) return null;
      // The last close on or before the day (binary search over the dates, oldest first).
      let low = 0;
      let high = list.length - 1;
      let found: Dec | null = null;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const entry = list[middle]!;
        if (entry.date <= day) {
          found = entry.close;
          low = middle + 1;
        } else high = middle - 1;
      }
      return found;
    };
  }

  /** The file's value at each trading day from `from` to `to`. */
  private async series(book: Book, from: string, to: string): Promise<DayValue[]> {
    const days = tradingDaysBetween(from, to);
    const closeOf = await this.closeReader([...new Set(book.lots.map((lot) => lot.symbol))], days, book);
    return dailySeries(book.funds, book.lots, days, closeOf);
  }

  /** Spec 001 §3 Portfolio with its figures. */
  private async figures(book: Book): Promise<Portfolio> {
    const { file, now, today } = book;
    const history = await this.series(book, file.created, today);
    const previous = history.filter((day) => day.date < today).at(-1) ?? null;
    // Funds are dated on trading days: today's flows are in today's entry of the series, if any.
    const latest = history.at(-1);
    const lastDay = dailyPnl(previous, now, latest?.date === today ? latest.flow : new Dec(0));
    return {
      id: file.id,
      user_id: file.user_id,
      name: file.name,
      notes: file.notes,
      created: file.created,
      units: Number(now.units),
      unit_price: unitPrice(now.unitPrice),
      aum: money(now.aum),
      open_total: money(now.longValue),
      pos_short_total: money(now.shortValue),
      current_cash: money(now.cash),
      total_invest: money(now.invested),
      open_pl_money: money(now.longPl),
      open_pl_per: percent(percentChange(now.longCost, now.longValue)),
      short_pl_money: money(now.shortPl),
      short_pl_per: percent(percentChange(now.shortCost, now.shortValue)),
      last_day_pl: money(lastDay.money),
      last_day_pl_per: percent(lastDay.percent),
      sharp: sharpeRatio(history.map((day) => day.unitPrice)),
      last_deposite: book.lastDeposit,
    };
  }

  // ---- the file ----

  /** Creates the caller's file (or, for an admin, `user`'s) with its first deposit at unit price 1. */
  async create(caller: Caller, body: CreatePortfolioBody): Promise<Portfolio> {
    const owner = body.user ?? caller.userId;
    this.requireUser(caller, owner);
    if (owner !== caller.userId && !(await this.repo.userExists(owner)))
      throw notFound(portfolioMessages.notFound);
    const today = this.today();
    const date = body.date ?? tradingDayOnOrBefore(today);
    if (date > today) throw badRequest(portfolioMessages.dateFuture, 'date');
    const empty = valueFile([], [], date, () => null);
    const first = dealUnits(empty, body.start_budget, date);
    const id = await this.db.transaction().execute(async (trx) => {
      const created = await this.repo.create(
        { userId: owner, name: body.name, notes: body.notes, created: date },
        trx,
      );
      if (created === null) throw conflict(portfolioMessages.alreadyExists);
      await this.repo.addFund(
        created,
        {
          date,
          units: first.units,
          unitPrice: first.unitPrice.toString(),
          amount: first.amount.toString(),
          notes: body.notes,
        },
        trx,
      );
      return created;
    });
    const file = (await this.repo.byId(id))!;
    this.changed(file, 'created');
    return this.figures(await this.book(file));
  }

  /** A user's files with their figures (at most one; none before the first funds). */
  async list(caller: Caller, userId: number): Promise<Portfolio[]> {
    this.requireUser(caller, userId);
    const file = await this.repo.ofUser(userId);
    return file ? [await this.figures(await this.book(file))] : [];
  }

  async lastDay(caller: Caller, userId: number) {
    return (await this.list(caller, userId)).map((file) => ({
      id: file.id,
      last_day_pl: file.last_day_pl,
      last_day_pl_per: file.last_day_pl_per,
      unit_price: file.unit_price,
    }));
  }

  async unitPrice(caller: Caller, id: number) {
    const book = await this.book(await this.requireFile(caller, id));
    return { unit_price: unitPrice(book.now.unitPrice) };
  }

  /** The file's cash now, in dollars (cents exact). */
  async cash(caller: Caller, id: number): Promise<number> {
    const book = await this.book(await this.requireFile(caller, id));
    return money(book.now.cash);
  }

  async sharpe(caller: Caller, id: number) {
    const book = await this.book(await this.requireFile(caller, id));
    const history = await this.series(book, book.file.created, book.today);
    return { value: sharpeRatio(history.map((day) => day.unitPrice)) };
  }

  /** Deletes the positions, funds, future actions and the file itself, in one transaction. */
  async reset(caller: Caller, id: number) {
    const file = await this.requireFile(caller, id);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.lock(id, trx);
      await this.repo.remove(id, trx);
    });
    this.changed(file, 'reset');
    return { status: true, msg: portfolioMessages.reset };
  }

  // ---- funds ----

  /** The old budget call: `deposit` says which way; units are never negative. */
  async addBudget(caller: Caller, body: AddBudgetBody) {
    return this.deal(caller, body.portfolio_id, body.deposit ? body.units : -body.units, body.notes);
  }

  /** The new budget call: negative units withdraw. */
  async deposit(caller: Caller, body: DepositBody) {
    return this.deal(caller, body.portfolioId, body.units, body.notes);
  }

  /**
   * Issues (units > 0) or redeems (units < 0) units at the file's unit price now. A withdrawal is
   * refused beyond the file's units or its cash.
   */
  private async deal(caller: Caller, id: number, units: number, notes: string) {
    const file = await this.requireFile(caller, id);
    const entry = await this.db.transaction().execute(async (trx) => {
      await this.repo.lock(id, trx);
      const today = this.today();
      const book = await this.bookOf(
        file,
        fileRowsOf(await this.repo.funds(id, trx), await this.repo.lots(id, trx)),
        today,
        [],
        trx,
      );
      let fact: FundFact;
      try {
        fact = dealUnits(book.now, units, tradingDayOnOrBefore(today));
      } catch (error) {
        // Too many units, or more cash than the file has: the accounting's message says which.
        if (error instanceof RangeError) throw badRequest(error.message, 'units');
        throw error;
      }
      return this.repo.addFund(
        id,
        {
          date: fact.date,
          units: fact.units,
          unitPrice: fact.unitPrice.toString(),
          amount: fact.amount.toString(),
          notes,
        },
        trx,
      );
    });
    this.changed(file, 'funds');
    return {
      status: true as const,
      entry: fundEntry(entry),
      portfolio: await this.figures(await this.book(file)),
    };
  }

  /** Fund entries, newest first. */
  async fundsHistory(caller: Caller, id: number): Promise<FundEntry[]> {
    await this.requireFile(caller, id);
    return (await this.repo.funds(id)).reverse().map(fundEntry);
  }

  async lastFundDate(caller: Caller, userId: number, id: number) {
    this.requireUser(caller, userId);
    const file = await this.requireFile(caller, id);
    if (file.user_id !== userId) throw notFound(portfolioMessages.notFound);
    const last = lastDepositOf(await this.repo.funds(id));
    return { last_deposite: last === '' ? null : last };
  }

  // ---- positions ----

  /**
   * Adds (or, with `id`, edits) positions, all or none. Each needs a known symbol with a price, a
   * date not after today nor before the last deposit, and the file's cash must cover them all.
   */
  async addPositions(caller: Caller, body: AddPositionsBody) {
    if (body.user !== undefined) this.requireUser(caller, body.user);
    const file = await this.requireFile(caller, body.portfolio_id);
    if (body.user !== undefined && file.user_id !== body.user) throw notFound(portfolioMessages.notFound);
    const today = this.today();
    const symbols = [...new Set(body.items.map((item) => item.symbol))];
    const facts = new Map((await this.repo.symbolFacts(symbols, today)).map((fact) => [fact.symbol, fact]));
    body.items.forEach((item, index) => {
      const fact = facts.get(item.symbol);
      if (!fact) throw notFound(portfolioMessages.unknownSymbol(item.symbol));
      if (fact.last_price === null)
        throw badRequest(portfolioMessages.noPrice(item.symbol), `items.${index}.symbol`);
      if (item.date > today) throw badRequest(portfolioMessages.dateFuture, `items.${index}.date`);
    });

    const ids = await this.db.transaction().execute(async (trx) => {
      await this.repo.lock(file.id, trx);
      const fundRows = await this.repo.funds(file.id, trx);
      const lotRows = await this.repo.lots(file.id, trx);
      const lastDeposit = lastDepositOf(fundRows);
      const edited = new Set<number>();
      body.items.forEach((item, index) => {
        if (item.date < lastDeposit)
          throw badRequest(portfolioMessages.dateBeforeDeposit(lastDeposit), `items.${index}.date`);
        if (item.id === undefined) return;
        const lot = lotRows.find((row) => row.id === item.id && row.close_date === null);
        if (!lot || edited.has(item.id)) throw notFound(portfolioMessages.positionNotFound(item.id));
        if (lot.entry_date < lastDeposit) throw badRequest(portfolioMessages.editBlocked(lot.symbol));
        edited.add(item.id);
      });
      const open = lotRows.filter((row) => row.close_date === null).length;
      const adding = body.items.filter((item) => item.id === undefined).length;
      if (adding > 0 && open + adding > portfolioLimits.openLotsMax)
        throw badRequest(portfolioMessages.tooManyLots(portfolioLimits.openLotsMax), 'items');

      // The cash there is for these lines: the file's, without the lots being edited.
      const kept = lotRows.filter((row) => !edited.has(row.id));
      const available = valueFile(fundRows.map(fundFact), kept.map(lotFact), today, () => null).cash;
      const needed = Dec.sum(
        new Dec(0),
        ...body.items.map((item) => lotCost(item.quantity, new Dec(item.price))),
      );
      if (needed.greaterThan(available))
        throw badRequest(
          portfolioMessages.notEnoughCash(money(needed).toFixed(2), money(available).toFixed(2)),
          'items',
        );

      const written: number[] = [];
      for (const item of body.items) {
        const lot: LotInput = {
          symbol: item.symbol,
          kind: kindOf(item.type),
          entryDate: item.date,
          entryPrice: item.price,
          quantity: item.quantity,
          notes: item.notes,
        };
        if (item.id === undefined) written.push(await this.repo.addLot(file.id, lot, trx));
        else {
          await this.repo.updateLot(item.id, lot, trx);
          written.push(item.id);
        }
      }
      return written;
    });
    this.changed(file, 'positions');
    return {
      status: true,
      msg: ids.length === 1 ? portfolioMessages.positionAdded : portfolioMessages.positionsAdded(ids.length),
      type: 0,
      ids,
    };
  }

  /** The ETF's close before each entry, and at each close date (or its price now). */
  private async etfMoves(lots: readonly LotRow[], book: Book) {
    const etfBySymbol = new Map<string, string | null>();
    const etfOf = (symbol: string) => {
      let etf = etfBySymbol.get(symbol);
      if (etf === undefined) {
        etf = sectorOfName(book.facts.get(symbol)?.sector ?? null)?.symbol ?? null;
        etfBySymbol.set(symbol, etf);
      }
      return etf;
    };
    // The watchlist's rule (shared etf-move.ts): the same symbol entered the same day, the same figure.
    // Lots entered together share their base day: it is found once per entry day and recording instant.
    const baseDays = new Map<string, string>();
    const baseDay = (lot: LotRow) => {
      const key = `${lot.entry_date}|${lot.created_at.getTime()}`;
      let day = baseDays.get(key);
      if (day === undefined) {
        day = etfBaseDay(lot.entry_date, lot.created_at);
        baseDays.set(key, day);
      }
      return day;
    };
    const pairs = new Map<string, { symbol: string; day: string }>();
    const want = (symbol: string, day: string) => {
      const key = `${symbol}|${day}`;
      if (!pairs.has(key)) pairs.set(key, { symbol, day });
      return key;
    };
    const etfs = new Set<string>();
    const keys = new Map<LotRow, { etf: string; base: string; end: string | null }>();
    for (const lot of lots) {
      const etf = etfOf(lot.symbol);
      if (etf === null) continue;
      etfs.add(etf);
      keys.set(lot, {
        etf,
        base: want(etf, baseDay(lot)),
        end: lot.close_date === null ? null : want(etf, lot.close_date),
      });
    }
    // Both at once: a file at its limit (500 lots) reads in one round trip less (bench/lots.ts).
    const [closeRows, etfPrices] = await Promise.all([
      this.repo.closesOnOrBefore([...pairs.values()]),
      this.repo.lastPrices([...etfs]),
    ]);
    const numOrNull = (value: string | number | null | undefined) =>
      value === null || value === undefined ? null : Number(value);
    const closes = new Map(closeRows.map((row) => [`${row.symbol}|${row.day}`, numOrNull(row.close)]));
    const live = new Map(etfPrices.map((row) => [row.symbol, numOrNull(row.last_price)]));
    return (lot: LotRow) => {
      const key = keys.get(lot);
      if (key === undefined) return { etf: null, move: null };
      const then = closes.get(key.base) ?? null;
      const end = (key.end === null ? live.get(key.etf) : closes.get(key.end)) ?? null;
      return { etf: key.etf, move: etfMovePercent(then, end) };
    };
  }

  private async positions(book: Book, open: boolean): Promise<Position[]> {
    // Dates are YYYY-MM-DD: compared as strings, newest first, then the newest lot.
    const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    const rows = book.lotRows
      .filter((row) => (row.close_date === null) === open)
      .sort((a, b) =>
        open
          ? newestFirst(a.entry_date, b.entry_date) || b.id - a.id
          : newestFirst(a.close_date!, b.close_date!) || b.id - a.id,
      );
    const etfMove = await this.etfMoves(rows, book);
    const lots = new Map(book.lots.map((lot) => [lot.id, lot]));
    // What is the symbol's, not the lot's, is rounded once per symbol.
    const ofSymbol = new Map<
      string,
      {
        fact: SymbolFact | undefined;
        last: Dec | null;
        lastPrice: number | null;
        dailyChange: number | null;
        ma50: number | null;
      }
    >();
    const symbolFigures = (symbol: string) => {
      let figures = ofSymbol.get(symbol);
      if (figures === undefined) {
        const fact = book.facts.get(symbol);
        const last = open ? book.priceOf(symbol) : null;
        figures = {
          fact,
          last,
          lastPrice: last === null ? null : money(last),
          dailyChange: open ? round2(fact?.daily_change ?? null) : null,
          ma50: open ? round2(fact?.ma50 ?? null) : null,
        };
        ofSymbol.set(symbol, figures);
      }
      return figures;
    };
    return rows.map((row): Position => {
      const { fact, ...symbol } = symbolFigures(row.symbol);
      const lot = lots.get(row.id)!;
      const last = open ? symbol.last : lot.closePrice;
      const figures = last === null ? null : lotFigures(lot, last, book.now.aum);
      const { etf, move } = etfMove(row);
      return {
        id: row.id,
        symbol: row.symbol,
        company: fact?.name ?? row.symbol,
        pos_type: row.kind,
        sector: fact?.sector ?? null,
        entry_date: { date: row.entry_date },
        entry: money(lot.entryPrice),
        quantity: row.quantity,
        last_price: symbol.lastPrice,
        current_val: figures === null ? null : money(figures.value),
        earning: open ? (fact?.next_earning ?? null) : null,
        percent_file: open && figures !== null ? percent(figures.percentOfFile) : null,
        pl: figures === null ? null : money(figures.pl),
        pl_per: figures === null ? null : percent(figures.plPercent),
        etf_pl_per: move,
        etf,
        daily_change: symbol.dailyChange,
        close_price: lot.closePrice === null ? null : money(lot.closePrice),
        close_date: row.close_date === null ? null : { date: row.close_date },
        notes: row.notes,
        ma50: symbol.ma50,
        editable: row.entry_date >= book.lastDeposit,
      };
    });
  }

  async openPositions(
    caller: Caller,
    id: number,
  ): Promise<{ list: Position[]; monitor_settings: MonitorSetting[] }> {
    const book = await this.book(await this.requireFile(caller, id));
    return { list: await this.positions(book, true), monitor_settings: [...defaultMonitorSettings] };
  }

  async closedPositions(caller: Caller, id: number): Promise<{ list: Position[] }> {
    const book = await this.book(await this.requireFile(caller, id));
    return { list: await this.positions(book, false) };
  }

  /** Open and closed positions together, for the download. */
  async allPositions(caller: Caller, id: number) {
    const book = await this.book(await this.requireFile(caller, id));
    return {
      file: book.file,
      today: book.today,
      open: await this.positions(book, true),
      closed: await this.positions(book, false),
    };
  }

  /**
   * Closes positions, all or none: each up to its open quantity, on a day not after today nor before
   * its entry. A partial close splits the lot: the closed part becomes a lot of its own.
   */
  async close(caller: Caller, body: CloseBody) {
    const file = await this.requireFile(caller, body.portfolio_id);
    const today = this.today();
    await this.db.transaction().execute(async (trx) => {
      await this.repo.lock(file.id, trx);
      const lots = new Map(
        (await this.repo.lots(file.id, trx))
          .filter((row) => row.close_date === null)
          .map((row) => [row.id, row]),
      );
      const open = new Map([...lots].map(([id, row]) => [id, row.quantity]));
      for (const [index, item] of body.items.entries()) {
        const lot = lots.get(item.id);
        const left = open.get(item.id) ?? 0;
        if (!lot || left === 0) throw notFound(portfolioMessages.positionNotFound(item.id));
        if (item.quantity > left)
          throw badRequest(portfolioMessages.closeTooMany(lot.symbol, left), `items.${index}.quantity`);
        if (item.date > today) throw badRequest(portfolioMessages.dateFuture, `items.${index}.date`);
        if (item.date < lot.entry_date)
          throw badRequest(portfolioMessages.dateBeforeEntry(lot.entry_date), `items.${index}.date`);
        const rest = left - item.quantity;
        const close = { date: item.date, price: item.price, notes: item.notes || lot.notes };
        if (rest === 0) await this.repo.closeLot(lot.id, close, trx);
        else
          await this.repo.splitClose(
            {
              id: lot.id,
              portfolioId: file.id,
              symbol: lot.symbol,
              kind: lot.kind,
              entryDate: lot.entry_date,
              entryPrice: lot.entry_price,
            },
            { ...close, quantity: item.quantity, rest },
            trx,
          );
        open.set(item.id, rest);
      }
    });
    this.changed(file, 'closed');
    return { status: true, msg: portfolioMessages.closed(body.items.length) };
  }

  /**
   * Deletes positions opened on or after their file's last deposit; the others are skipped by symbol,
   * and when every one is, nothing is deleted (400).
   */
  async delete(caller: Caller, ids: readonly number[]) {
    // Another user's position answers as an unknown one: its id tells nothing.
    const found = (await this.repo.lotsByIds(ids)).filter(
      (row) => caller.admin || row.user_id === caller.userId,
    );
    const missing = ids.find((id) => !found.some((row) => row.id === id));
    if (missing !== undefined) throw notFound(portfolioMessages.positionNotFound(missing));
    const files = [...new Map(found.map((row) => [row.portfolio_id, row.user_id]))];
    const { deleted, skipped } = await this.db.transaction().execute(async (trx) => {
      const lastDeposit = new Map<number, string>();
      for (const [fileId] of files) {
        await this.repo.lock(fileId, trx);
        lastDeposit.set(fileId, lastDepositOf(await this.repo.funds(fileId, trx)));
      }
      const blocked = found.filter((row) => row.entry_date < lastDeposit.get(row.portfolio_id)!);
      const allowed = found.filter((row) => !blocked.includes(row));
      if (allowed.length === 0) throw badRequest(portfolioMessages.deleteBlocked);
      await this.repo.deleteLots(
        allowed.map((row) => row.id),
        trx,
      );
      return {
        deleted: allowed.map((row) => row.id),
        skipped: [...new Set(blocked.map((row) => row.symbol))],
      };
    });
    for (const [portfolioId, ownerId] of files) this.onChange(ownerId, { portfolioId, kind: 'deleted' });
    return {
      status: true,
      msg:
        skipped.length > 0
          ? portfolioMessages.deleteSkipped(skipped)
          : portfolioMessages.deleted(deleted.length),
      deleted,
      skipped,
    };
  }

  // ---- future actions ----

  /** A planned Buy or Sell: on a trading day from today on, up to the open quantity of that symbol and type. */
  async addFutureAction(caller: Caller, body: FutureActionBody) {
    const file = await this.requireFile(caller, body.portfolio_id);
    if (body.date < this.today()) throw badRequest(portfolioMessages.datePast, 'date');
    const kind = kindOf(body.action);
    const open = (await this.repo.lots(file.id))
      .filter((row) => row.close_date === null && row.symbol === body.ticker && row.kind === kind)
      .reduce((total, row) => total + row.quantity, 0);
    if (open === 0) throw badRequest(portfolioMessages.futureActionNoPosition(body.ticker), 'ticker');
    if (body.quantity > open) throw badRequest(portfolioMessages.futureActionTooMany(open), 'quantity');
    const row = await this.repo.addAction(file.id, {
      date: body.date,
      action: body.action,
      ticker: body.ticker,
      reason: body.reason,
      quantity: body.quantity,
      comment: body.comment,
    });
    this.changed(file, 'actions');
    return { status: true as const, action: futureAction(row) };
  }

  /** Soonest first; only those of `symbols` when given. */
  async futureActions(caller: Caller, id: number, symbols: readonly string[] = []) {
    const file = await this.requireFile(caller, id);
    return { file, list: (await this.repo.actions(id, symbols)).map(futureAction) };
  }

  // ---- charts ----

  /** The file by sector, cash included, as percent of assets under management. */
  async pieChart(caller: Caller, id: number) {
    const book = await this.book(await this.requireFile(caller, id));
    const open = book.lots
      .filter((lot) => lot.closeDate === null)
      .map((lot) => ({ ...lot, sector: book.facts.get(lot.symbol)?.sector ?? null }));
    const slices = sectorAllocation(open, book.now.cash, book.priceOf);
    return {
      labels: slices.map((slice) => slice.sector),
      series: slices.map((slice) => percent(slice.percent) ?? 0),
      values: slices.map((slice) => money(slice.value)),
    };
  }

  /**
   * The unit price and each ETF as percent change since the range's first trading day, per trading
   * day. The range defaults to the file's first day to today and is kept within them.
   */
  async chart(caller: Caller, body: ChartBody): Promise<PortfolioChart> {
    for (const [field, day] of [
      ['from_date', body.from_date],
      ['to_date', body.to_date],
    ] as const)
      if (day !== undefined && !isRealDate(day)) throw badRequest(portfolioMessages.dateFormat, field);
    const book = await this.book(await this.requireFile(caller, body.pid), body.etfs);
    // The range asked must be wider than a day; a file younger than it answers the part it has.
    const askedFrom = body.from_date ?? book.file.created;
    const askedTo = body.to_date ?? book.today;
    if (Date.parse(askedTo) - Date.parse(askedFrom) <= 86_400_000)
      throw badRequest(portfolioMessages.narrowRange, 'to_date');
    const to = askedTo < book.today ? askedTo : book.today;
    const start = askedFrom > book.file.created ? askedFrom : book.file.created;
    const from = start > to ? to : start;
    const unknown = body.etfs.find((etf) => !book.facts.has(etf));
    if (unknown !== undefined) throw notFound(portfolioMessages.unknownSymbol(unknown));
    const history = await this.series(book, from, to);
    const days = history.map((day) => day.date);
    const closeOf = await this.closeReader(body.etfs, days, book);
    const since = (values: (Dec | null)[]) => {
      const base = values[0] ?? null;
      return values.map((value) =>
        base === null || value === null ? null : percent(percentChange(base, value)),
      );
    };
    return {
      chart_data: {
        labels: days,
        datasets: [
          { label: book.file.name, data: since(history.map((day) => day.unitPrice)) },
          ...body.etfs.map((etf) => ({ label: etf, data: since(days.map((day) => closeOf(etf, day))) })),
        ],
      },
      first: book.file.created,
    };
  }
}
