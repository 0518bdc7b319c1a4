import type { Ack, QuoteDelta } from '@insight/shared';
import { maxQuoteSubscriptions, rooms } from '@insight/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../platform/db';
import { marketReadRepo } from '../market/read-repo';
import type { InsightServer, InsightSocket, Publisher } from './publish';

const quoteRoomPrefix = rooms.quote('');

/** A client's list of tickers: at most 500, compared upper-cased ("brk.b" is BRK.B). */
export const symbolListSchema = z
  .array(
    z
      .string({ error: 'symbols must be tickers' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z][A-Z0-9.-]{0,14}$/, { error: 'symbols must be tickers' }),
    { error: 'symbols must be a list of tickers' },
  )
  .max(maxQuoteSubscriptions, { error: `at most ${maxQuoteSubscriptions} symbols at a time` });

/** The latest stored quotes of the symbols, as the socket sends them. */
export async function latestQuotes(db: Db, symbols: readonly string[]): Promise<Map<string, QuoteDelta>> {
  const rows = await marketReadRepo(db).quotes(symbols);
  return new Map(
    rows.map((row) => [
      row.symbol,
      { lastPrice: Number(row.last_price), dailyChange: Number(row.daily_change) },
    ]),
  );
}

export const quoteSymbolsOf = (socket: InsightSocket) =>
  [...socket.rooms]
    .filter((room) => room.startsWith(quoteRoomPrefix))
    .map((room) => room.slice(quoteRoomPrefix.length));

const same = (a: QuoteDelta | undefined, b: QuoteDelta) =>
  a !== undefined && a.lastPrice === b.lastPrice && a.dailyChange === b.dailyChange;

export interface QuoteFanoutOptions {
  /** A cycle's chunks that arrive closer together than this are pushed as one. */
  windowMs?: number;
  /** Even while chunks keep coming, nothing waits longer than this. */
  maxWaitMs?: number;
}

/**
 * Pushes quotes to the sockets that subscribed to them: one `quotes` event per ingestion cycle per
 * socket, holding only that socket's symbols.
 *
 * - The ingestion reports each chunk of a cycle as it is stored; chunks that arrive within `windowMs`
 *   are gathered, and the latest stored values are read once (latest value wins), for the symbols
 *   that someone on this node follows.
 * - A symbol is pushed only when its value differs from what this node pushed last.
 * - Sockets are grouped by the exact set of changed symbols they follow; each group gets one
 *   payload, encoded once. Room membership is only known for this node's sockets, so the push is
 *   node-local and every node runs its own fan-out: with the Redis adapter, the node that ingested
 *   relays the changed symbols to the others (see plugin.ts), which read the shared database.
 * - Node-local pushes are not kept by the Redis adapter for connection state recovery; a recovered
 *   socket is sent its symbols' current quotes instead (`pushCurrent`), which is the same thing for
 *   values where only the latest counts.
 */
export class QuoteFanout {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private waitingSince = 0;
  private chain: Promise<void> = Promise.resolve();
  private readonly lastSent = new Map<string, QuoteDelta>();
  private closed = false;
  private readonly windowMs: number;
  private readonly maxWaitMs: number;

  constructor(
    private readonly io: InsightServer,
    private readonly publisher: Publisher,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: QuoteFanoutOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 300;
    this.maxWaitMs = options.maxWaitMs ?? 1000;
  }

  /** Symbols whose stored quotes changed (one chunk of an ingestion cycle). */
  changed(symbols: readonly string[]) {
    if (this.closed || symbols.length === 0) return;
    for (const symbol of symbols) this.pending.add(symbol);
    const now = Date.now();
    if (this.timer === null) this.waitingSince = now;
    else clearTimeout(this.timer);
    const delay = Math.max(0, Math.min(this.windowMs, this.waitingSince + this.maxWaitMs - now));
    this.timer = setTimeout(() => this.flush(), delay);
  }

  /** Sends one socket the current quotes of the symbols it follows (or of `symbols`). */
  async pushCurrent(socket: InsightSocket, symbols: readonly string[] = quoteSymbolsOf(socket)) {
    if (symbols.length === 0) return;
    const latest = await latestQuotes(this.db, symbols);
    if (latest.size > 0) this.publisher.publishLocal(socket.id, 'quotes', Object.fromEntries(latest));
  }

  async close() {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    await this.chain;
  }

  private flush() {
    this.timer = null;
    const batch = [...this.pending];
    this.pending.clear();
    // One push at a time, in order, so that an older read never overtakes a newer one.
    this.chain = this.chain
      .then(() => this.push(batch))
      .catch((error: unknown) => this.log.warn({ err: error }, 'quotes push failed'));
  }

  private async push(symbols: readonly string[]) {
    if (this.closed) return;
    const members = this.io.of('/').adapter.rooms;
    const followed = symbols.filter((symbol) => (members.get(rooms.quote(symbol))?.size ?? 0) > 0);
    if (followed.length === 0) return;
    const latest = await latestQuotes(this.db, followed);
    if (this.closed) return;

    const moved = new Map<string, QuoteDelta>();
    for (const [symbol, quote] of latest) {
      if (same(this.lastSent.get(symbol), quote)) continue;
      moved.set(symbol, quote);
      this.lastSent.set(symbol, quote);
    }

    // Which of the moved symbols each socket follows (read again: sockets came and went meanwhile).
    const followedBy = new Map<string, string[]>();
    for (const symbol of moved.keys()) {
      for (const socketId of members.get(rooms.quote(symbol)) ?? []) {
        const list = followedBy.get(socketId);
        if (list) list.push(symbol);
        else followedBy.set(socketId, [symbol]);
      }
    }
    // Sockets that follow the same symbols share one payload. Every list is in `moved` order, so
    // equal sets have equal keys.
    const groups = new Map<string, { sockets: string[]; symbols: string[] }>();
    for (const [socketId, list] of followedBy) {
      const key = list.join(',');
      const group = groups.get(key);
      if (group) group.sockets.push(socketId);
      else groups.set(key, { sockets: [socketId], symbols: list });
    }
    for (const group of groups.values()) {
      const payload = Object.fromEntries(group.symbols.map((symbol) => [symbol, moved.get(symbol)!]));
      this.publisher.publishLocal(group.sockets, 'quotes', payload);
    }
  }
}

/** `quotes:subscribe`: joins the symbols' rooms (500 at most per socket), then sends their current quotes. */
export async function subscribe(
  socket: InsightSocket,
  input: unknown,
  fanout: QuoteFanout,
): Promise<Ack<{ subscribed: number }>> {
  const parsed = symbolListSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'bad symbols' };
  const wanted = [...new Set(parsed.data)];
  const current = new Set(quoteSymbolsOf(socket));
  const added = wanted.filter((symbol) => !current.has(symbol));
  if (current.size + added.length > maxQuoteSubscriptions) {
    return { ok: false, error: `at most ${maxQuoteSubscriptions} symbols per connection` };
  }
  // Join first, then read: a cycle pushed in between reaches the socket, a later one is in the read.
  await socket.join(added.map((symbol) => rooms.quote(symbol)));
  await fanout.pushCurrent(socket, wanted);
  return { ok: true, data: { subscribed: current.size + added.length } };
}

/** `quotes:unsubscribe`: leaves the symbols' rooms. */
export async function unsubscribe(
  socket: InsightSocket,
  input: unknown,
): Promise<Ack<{ subscribed: number }>> {
  const parsed = symbolListSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'bad symbols' };
  for (const symbol of new Set(parsed.data)) await socket.leave(rooms.quote(symbol));
  return { ok: true, data: { subscribed: quoteSymbolsOf(socket).length } };
}
