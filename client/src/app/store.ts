/**
 * The only module that imports jotai (style.md habit 8; the lint forbids it elsewhere).
 * Features declare their atoms in `features/<feature>/atoms.ts` with `atom` from here; React code
 * reads them with the hooks below; code outside React uses `appStore` directly.
 */
import { Provider, atom, createStore, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { atomWithObservable } from 'jotai/utils';

export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';
export { atom, createStore, useAtom, useAtomValue, useSetAtom };
/** Bridges a realtime `…$` stream into an atom; always with `{ initialValue }`, so nothing suspends. */
export { atomWithObservable };
export { Provider as StoreProvider };

export type AppStore = ReturnType<typeof createStore>;

/** The store of the running app. Tests make their own with `createStore()`. */
export const appStore: AppStore = createStore();
