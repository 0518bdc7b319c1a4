import type { Ack, QuoteDelta } from '@insight/shared';
import {
  BehaviorSubject,
  Observable,
  asapScheduler,
  debounceTime,
  distinctUntilChanged,
  scan,
  startWith,
} from 'rxjs';
import { on$, type AppSocket } from './listen';

/** The latest quote of each symbol heard in this session, by upper-case symbol. */
export type Quotes = Readonly<Record<string, QuoteDelta>>;
export const noQuotes: Quotes = Object.freeze({});

/** A `quotes` push carries the symbols that changed: the latest value wins per symbol. */
export function mergeQuotes(quotes: Quotes, batch: Readonly<Record<string, QuoteDelta>>): Quotes {
  const symbols = Object.keys(batch);
  if (symbols.length === 0) return quotes;
  return { ...quotes, ...batch };
}

/** Upper-case, trimmed, without blanks or repeats: how the server keys symbols. */
export function normalizeSymbols(symbols: readonly string[]): string[] {
  const unique = new Set<string>();
  for (const symbol of symbols) {
    const normalized = symbol.trim().toUpperCase();
    if (normalized !== '') unique.add(normalized);
  }
  return [...unique];
}

// ---- reference counting: two components asking for AAPL make one subscription ----

/** How many holders want each symbol. */
export type QuoteRefs = ReadonlyMap<string, number>;

export function addQuoteRefs(refs: QuoteRefs, symbols: readonly string[]): QuoteRefs {
  const next = new Map(refs);
  for (const symbol of symbols) next.set(symbol, (next.get(symbol) ?? 0) + 1);
  return next;
}

export function removeQuoteRefs(refs: QuoteRefs, symbols: readonly string[]): QuoteRefs {
  const next = new Map(refs);
  for (const symbol of symbols) {
    const count = next.get(symbol) ?? 0;
    if (count <= 1) next.delete(symbol);
    else next.set(symbol, count - 1);
  }
  return next;
}

export interface QuoteSyncPlan {
  subscribe: string[];
  unsubscribe: string[];
}

/** What to tell the server so that it sends exactly the wanted symbols. */
export function quoteSyncPlan(wanted: ReadonlySet<string>, onServer: ReadonlySet<string>): QuoteSyncPlan {
  return {
    subscribe: [...wanted].filter((symbol) => !onServer.has(symbol)),
    unsubscribe: [...onServer].filter((symbol) => !wanted.has(symbol)),
  };
}

export interface QuoteSubscriptions {
  /** The symbols someone holds, replayed to each new listener. */
  wanted$: Observable<ReadonlySet<string>>;
  /** Holds `symbols` until the returned function is called (once; later calls do nothing). */
  subscribe(symbols: readonly string[]): () => void;
}

export function createQuoteSubscriptions(): QuoteSubscriptions {
  let refs: QuoteRefs = new Map();
  const wanted = new BehaviorSubject<ReadonlySet<string>>(new Set());
  const publish = () => {
    const current = wanted.getValue();
    const changed = refs.size !== current.size || [...refs.keys()].some((symbol) => !current.has(symbol));
    if (changed) wanted.next(new Set(refs.keys()));
  };
  return {
    wanted$: wanted.asObservable(),
    subscribe(symbols) {
      const held = normalizeSymbols(symbols);
      refs = addQuoteRefs(refs, held);
      publish();
      let holding = true;
      return () => {
        if (!holding) return;
        holding = false;
        refs = removeQuoteRefs(refs, held);
        publish();
      };
    },
  };
}

// ---- one socket ----

/** One socket's quotes, merged. */
export function quotesOf(socket: AppSocket): Observable<Quotes> {
  return on$(socket, 'quotes').pipe(scan(mergeQuotes, noQuotes), startWith(noQuotes), distinctUntilChanged());
}

/**
 * Keeps the server's subscriptions equal to the wanted symbols: the difference goes out while
 * connected; a connect that did not recover starts from nothing on the server, so everything wanted
 * goes out again. Changes made in one task (a list of rows mounting, React's strict-mode remount)
 * are sent as one difference. Nothing is sent while disconnected (socket.io would buffer it and
 * the connect would send it twice).
 */
export function syncQuotes(socket: AppSocket, wanted$: Observable<ReadonlySet<string>>): Observable<never> {
  return new Observable<never>(() => {
    let wanted: ReadonlySet<string> = new Set();
    let onServer: ReadonlySet<string> = new Set();
    const sync = () => {
      if (!socket.connected) return;
      const plan = quoteSyncPlan(wanted, onServer);
      if (plan.unsubscribe.length > 0)
        socket.emit('quotes:unsubscribe', plan.unsubscribe, reportRefusal('quotes:unsubscribe'));
      if (plan.subscribe.length > 0)
        socket.emit('quotes:subscribe', plan.subscribe, reportRefusal('quotes:subscribe'));
      onServer = wanted;
    };
    const onConnect = () => {
      if (socket.recovered !== true) onServer = new Set();
      sync();
    };
    socket.on('connect', onConnect);
    const subscription = wanted$.pipe(debounceTime(0, asapScheduler)).subscribe((next) => {
      wanted = next;
      sync();
    });
    return () => {
      subscription.unsubscribe();
      socket.off('connect', onConnect);
    };
  });
}

const reportRefusal =
  (event: string) =>
  (answer: Ack<{ subscribed: number }>): void => {
    if (!answer.ok) console.warn(`[realtime] ${event} refused: ${answer.error}`);
  };
