import { atomWithObservable } from '../../app/store';
import { marketStatus$, noQuotes, quotes$ } from '../../realtime/streams';

/**
 * US market status (spec 000 §4): null while unknown ('Checking market status...'), true open,
 * false closed. Live from the gateway's 'market:status' pushes (read over REST when the socket
 * starts fresh); null while signed out and when a read failed.
 */
export const marketStatusAtom = atomWithObservable(() => marketStatus$, { initialValue: null });

/**
 * The latest quote of each symbol the screens hold with `subscribeQuotes` (realtime/streams), by
 * upper-case symbol. A screen subscribes its symbols in an effect and reads them here.
 */
export const quotesAtom = atomWithObservable(() => quotes$, { initialValue: noQuotes });
