import { apiPath, findSymbolResponseSchema, marketApi, marketLimits, type SymbolHit } from '@insight/shared';
import { api } from '../../api/request';

/** Spec 000 §7 "Symbol search": GET finance/find_symbol_search/{text}/10/0. */
export const searchCalls = {
  findSymbol(text: string, signal?: AbortSignal): Promise<SymbolHit[]> {
    const path = apiPath(marketApi.findSymbol, { text, limit: marketLimits.searchMax, offset: 0 });
    return api.get(path, undefined, { schema: findSymbolResponseSchema, signal });
  },
};
