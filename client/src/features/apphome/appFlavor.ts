import { atom } from '../../app/store';

/**
 * The app flavour the mobile view signed in from ('insight-ios'), once the server told it; null
 * elsewhere. The realtime socket sends it in its handshake, so this tab's socket joins the app's room.
 */
export const appFlavorAtom = atom<string | null>(null);
