import {
  accountApi,
  addSectorResponseSchema,
  deleteScreenerResponseSchema,
  previewResponseSchema,
  profileDataResponseSchema,
  profilesApi,
  queueResponseSchema,
  saveScreenerResponseSchema,
  screenedSymbolsResponseSchema,
  statusBodySchema,
  type PreviewResponse,
  type ProfileData,
  type ProfileSector,
  type RegisterProfileBody,
  type ScreenedSymbols,
} from '@insight/shared';
import { api } from '../../api/request';
import type { ScreenerValues } from './draft';

/** Which profile a call edits: an admin names it; a profile-type account edits its own (no id). */
type Target = { profile_id?: number };
const target = (profileId: number | null): Target => (profileId === null ? {} : { profile_id: profileId });

/** The investment profile calls of spec 000 §7 and 002 §7.8. */
export const profileCalls = {
  data(profileId: number | null, signal?: AbortSignal): Promise<ProfileData> {
    return api.get(profilesApi.data, target(profileId), { schema: profileDataResponseSchema, signal });
  },
  async addSector(profileId: number | null, sectorRefId: number): Promise<ProfileSector> {
    const answer = await api.post(
      profilesApi.addSector,
      { ...target(profileId), data: { sector_ref_id: sectorRefId } },
      { schema: addSectorResponseSchema },
    );
    return answer.sector;
  },
  async saveScreener(
    profileId: number | null,
    sectorId: number,
    values: ScreenerValues,
    screenerId: number | null,
  ): Promise<ProfileSector> {
    const answer = await api.post(
      profilesApi.saveScreener,
      {
        ...target(profileId),
        sector_id: sectorId,
        field: values.field,
        min: values.minVal,
        max: values.maxVal,
        selector: values.selector,
        multi_selector: values.multi_selector,
        ...(screenerId === null ? {} : { screener_id: screenerId }),
      },
      { schema: saveScreenerResponseSchema },
    );
    return answer.sector;
  },
  /** Deletes one filter; with `field` empty, the whole sector (then the answer's sector is null). */
  async deleteScreener(
    profileId: number | null,
    sectorId: number,
    field: ScreenerValues['field'] | '',
    screenerId: number | null,
  ): Promise<ProfileSector | null> {
    const answer = await api.post(
      profilesApi.deleteScreener,
      {
        ...target(profileId),
        sector_id: sectorId,
        field,
        ...(screenerId === null ? {} : { screener_id: screenerId }),
      },
      { schema: deleteScreenerResponseSchema },
    );
    return answer.sector;
  },
  /** How many of the sector's stocks pass each of `screeners` (the unsaved ones) and all of them. */
  async screened(
    profileId: number | null,
    sectorId: number,
    screeners: ScreenerValues[],
    signal?: AbortSignal,
  ): Promise<ScreenedSymbols> {
    const answer = await api.post(
      profilesApi.screenedSymbols,
      { ...target(profileId), sector: sectorId, screeners },
      { schema: screenedSymbolsResponseSchema, signal },
    );
    return answer.screened_symbols;
  },
  /** Saves the editor's whole local copy and queues the rebuild. */
  save(
    profileId: number | null,
    sectors: { id: number; sector_ref_id: number; screeners: ScreenerValues[] }[],
  ) {
    return api.post(
      profilesApi.queue,
      {
        ...target(profileId),
        pf_data: { newBuild: true, portfolioSize: null, sectors, teamUpdatePeriod: 1 },
      },
      { schema: queueResponseSchema },
    );
  },
  /** Rebuild Team: queues a rebuild of the stored profile. */
  rebuild(profileId: number | null) {
    return api.post(profilesApi.queue, { ...target(profileId), item: 1 }, { schema: queueResponseSchema });
  },
  /** What the unsaved profile would have sent over the last 3 months. */
  preview(
    sectors: { sector_ref_id: number; screeners: ScreenerValues[] }[],
    signal?: AbortSignal,
  ): Promise<PreviewResponse> {
    return api.post(profilesApi.preview, { sectors }, { schema: previewResponseSchema, signal });
  },
  /** Admin: register a profile account (spec 002 §7.8). */
  registerProfile(body: RegisterProfileBody) {
    return api.post(accountApi.adminCreateProfile, body, { schema: statusBodySchema });
  },
};
