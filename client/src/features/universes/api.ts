import { apiPath } from '@insight/shared';
import {
  universeListSchema,
  universeSchema,
  universesApi,
  type Universe,
  type UniverseSummary,
} from '@insight/shared/market/schemas';
import {
  universeDeleteResponseSchema,
  universeHistorySchema,
  universeSaveResponseSchema,
  universesEditApi,
  type UniverseHistory,
  type UniverseSaveBody,
  type UniverseSaveResponse,
} from '@insight/shared/universes/schemas';
import { api } from '../../api/request';

/** The universe calls of spec 002 §7.5, and the admins' symbols history. */
export const universeCalls = {
  list(signal?: AbortSignal): Promise<UniverseSummary[]> {
    return api.get(universesApi.list, undefined, { schema: universeListSchema, signal });
  },
  one(id: number, signal?: AbortSignal): Promise<Universe> {
    return api.get(apiPath(universesApi.one, { id }), undefined, { schema: universeSchema, signal });
  },
  create(body: UniverseSaveBody): Promise<UniverseSaveResponse> {
    return api.post(universesEditApi.create, body, { schema: universeSaveResponseSchema });
  },
  update(id: number, body: UniverseSaveBody): Promise<UniverseSaveResponse> {
    return api.put(apiPath(universesEditApi.update, { id }), body, { schema: universeSaveResponseSchema });
  },
  remove(id: number) {
    return api.delete(apiPath(universesEditApi.remove, { id }), undefined, {
      schema: universeDeleteResponseSchema,
    });
  },
  history(id: number, from: string, to: string, signal?: AbortSignal): Promise<UniverseHistory> {
    return api.get(
      apiPath(universesEditApi.history, { id }),
      { from, to },
      { schema: universeHistorySchema, signal },
    );
  },
};
