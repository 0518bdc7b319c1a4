import { atom } from '../../app/store';

/**
 * US market status (spec 000 §4): null while unknown ('Checking market status...'), true open,
 * false closed. The realtime module feeds it from the gateway's pushes; a failure sets it back to null.
 */
export const marketStatusAtom = atom<boolean | null>(null);
