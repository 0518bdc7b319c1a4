import { atomWithObservable } from '../../app/store';
import { appMessages$, noAppMessages } from '../../realtime/streams';

export { appFlavorAtom } from './appFlavor';

/** The app's broadcasts heard since the mobile view connected, newest first (each once). */
export const appMessagesAtom = atomWithObservable(() => appMessages$, { initialValue: noAppMessages });
