import {
  addSymbolsResponseSchema,
  adminToolsApi,
  apiPath,
  statusBodySchema,
  statusMessageSchema,
  symbolsNoSectorsResponseSchema,
  throttleApi,
  throttledListSchema,
  userOrdersResponseSchema,
  type AddSymbolsBody,
  type SetEarningDateBody,
  type StatusBody,
  type ThrottledList,
} from '@insight/shared';
import { api } from '../../../api/request';

/** The system admin's calls for throttled sign-ins (issue 14 §2). */
export const throttleCalls = {
  list(signal?: AbortSignal): Promise<ThrottledList> {
    return api.get(throttleApi.list, undefined, { schema: throttledListSchema, signal });
  },
  clear(account: string): Promise<StatusBody> {
    return api.post(throttleApi.clear, { account }, { schema: statusBodySchema });
  },
};

/** The system admins' utilities (issue 16 item 4), typed by the shared contract. */
export const adminToolCalls = {
  addSymbols(body: AddSymbolsBody) {
    return api.post(adminToolsApi.addSymbols, body, { schema: addSymbolsResponseSchema });
  },
  symbolsWithoutSector(signal?: AbortSignal) {
    return api.get(adminToolsApi.symbolsNoSectors, undefined, {
      schema: symbolsNoSectorsResponseSchema,
      signal,
    });
  },
  setEarningDate(body: SetEarningDateBody) {
    return api.post(adminToolsApi.setEarningDate, body, { schema: statusMessageSchema });
  },
  userOrders(id: number) {
    return api.get(apiPath(adminToolsApi.userOrders, { id }), undefined, {
      schema: userOrdersResponseSchema,
    });
  },
  copyFile(from: number, to: number, replace: boolean) {
    return api.get(apiPath(adminToolsApi.copyFile, { from, to }), replace ? { replace: 'true' } : undefined, {
      schema: statusMessageSchema,
    });
  },
};
