import type { ProfileRebuildEvent, ProfileSector } from '@insight/shared';
import { atom, atomWithObservable } from '../../app/store';
import { noProfileRebuilds, profileRebuilds$ } from '../../realtime/streams';
import { afterSave, sectorDrafts, type DraftScreener } from './draft';

/** The profile being edited, as stored, and the editor's local copy of its filters (by sector id). */
export interface LoadedProfile {
  /** The id the calls name: an admin's chosen profile; null for a profile-type account's own. */
  target: number | null;
  profile: { id: number; name: string };
  sectors: ProfileSector[];
  drafts: Readonly<Record<number, DraftScreener[]>>;
  /** The newest rebuild when the profile was read. */
  rebuild: ProfileRebuildEvent | null;
}

export type EditorState =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: LoadedProfile };

export const editorAtom = atom<EditorState>({ kind: 'loading' });

/** The admin's choice of profile to edit; null: the first one they may edit. */
export const chosenProfileIdAtom = atom<number | null>(null);

/** The sector shown in the editor; null shows the three-step intro. */
export const selectedSectorIdAtom = atom<number | null>(null);

/** The latest pushed rebuild progress of each profile. */
export const profileRebuildsAtom = atomWithObservable(() => profileRebuilds$, {
  initialValue: noProfileRebuilds,
});

const update = (state: EditorState, change: (data: LoadedProfile) => LoadedProfile): EditorState =>
  state.kind === 'ready' ? { kind: 'ready', data: change(state.data) } : state;

/** A freshly read profile: its cards start as stored. */
export function loaded(
  target: number | null,
  data: Pick<LoadedProfile, 'profile' | 'sectors' | 'rebuild'>,
): EditorState {
  return {
    kind: 'ready',
    data: {
      target,
      ...data,
      drafts: Object.fromEntries(data.sectors.map((s) => [s.id, sectorDrafts(s)])),
    },
  };
}

/** Edits one card of one sector. */
export const editDraftAtom = atom(
  null,
  (_get, set, sectorId: number, key: string, change: Partial<DraftScreener>) =>
    set(editorAtom, (state) =>
      update(state, (data) => ({
        ...data,
        drafts: {
          ...data.drafts,
          [sectorId]: (data.drafts[sectorId] ?? []).map((d) => (d.key === key ? { ...d, ...change } : d)),
        },
      })),
    ),
);

/** Adds an unsaved card (the add-filter dialog). */
export const addDraftAtom = atom(null, (_get, set, sectorId: number, draft: DraftScreener) =>
  set(editorAtom, (state) =>
    update(state, (data) => ({
      ...data,
      drafts: { ...data.drafts, [sectorId]: [...(data.drafts[sectorId] ?? []), draft] },
    })),
  ),
);

/** Drops a card (an unsaved one, or one the server deleted). */
export const dropDraftAtom = atom(null, (_get, set, sectorId: number, key: string) =>
  set(editorAtom, (state) =>
    update(state, (data) => ({
      ...data,
      drafts: { ...data.drafts, [sectorId]: (data.drafts[sectorId] ?? []).filter((d) => d.key !== key) },
    })),
  ),
);

/**
 * The server's answer about a sector: stored as is, its cards following `afterSave` (the card that
 * was saved, if any, shows what is stored; other unsaved edits stay). A new sector is appended.
 */
export const sectorStoredAtom = atom(null, (_get, set, sector: ProfileSector, savedKey: string | null) =>
  set(editorAtom, (state) =>
    update(state, (data) => {
      const known = data.sectors.some((s) => s.id === sector.id);
      return {
        ...data,
        sectors: known
          ? data.sectors.map((s) => (s.id === sector.id ? sector : s))
          : [...data.sectors, sector],
        drafts: {
          ...data.drafts,
          [sector.id]: known
            ? afterSave(data.drafts[sector.id] ?? [], savedKey ?? '', sector)
            : sectorDrafts(sector),
        },
      };
    }),
  ),
);

/** A sector the server deleted. */
export const sectorRemovedAtom = atom(null, (_get, set, sectorId: number) =>
  set(editorAtom, (state) =>
    update(state, (data) => {
      const drafts = { ...data.drafts };
      delete drafts[sectorId];
      return { ...data, sectors: data.sectors.filter((s) => s.id !== sectorId), drafts };
    }),
  ),
);

/** The profile read again (after a rebuild): stored values and teams follow, unsaved edits stay. */
export const profileRefreshedAtom = atom(
  null,
  (_get, set, fresh: Pick<LoadedProfile, 'sectors' | 'rebuild'>) =>
    set(editorAtom, (state) =>
      update(state, (data) => ({
        ...data,
        sectors: fresh.sectors,
        rebuild: fresh.rebuild,
        drafts: Object.fromEntries(
          fresh.sectors.map((s) => [
            s.id,
            data.drafts[s.id] ? afterSave(data.drafts[s.id]!, '', s) : sectorDrafts(s),
          ]),
        ),
      })),
    ),
);
