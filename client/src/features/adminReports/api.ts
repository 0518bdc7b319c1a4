import {
  adminReportOptionsSchema,
  adminReportsApi,
  apiPath,
  explainResponseSchema,
  reportRequestedSchema,
  type ClientsPortfoliosBody,
  type InvestmentPlBody,
  type SignalBody,
} from '@insight/shared';
import { api } from '../../api/request';

/** The admins' report calls (issue 18), typed by the shared contract. */
export const adminReportCalls = {
  options(signal?: AbortSignal) {
    return api.get(adminReportsApi.options, undefined, { schema: adminReportOptionsSchema, signal });
  },
  clientsPortfolios(body: ClientsPortfoliosBody) {
    return api.post(adminReportsApi.clientsPortfolios, body, { schema: reportRequestedSchema });
  },
  investmentPl(body: InvestmentPlBody) {
    return api.post(adminReportsApi.investmentPl, body, { schema: reportRequestedSchema });
  },
  signal(body: SignalBody) {
    return api.post(adminReportsApi.signal, body, { schema: reportRequestedSchema });
  },
  explain(month: string, analyst: string, sector: number, profile: number, signal?: AbortSignal) {
    return api.get(apiPath(adminReportsApi.explain, { month, analyst, sector, profile }), undefined, {
      schema: explainResponseSchema,
      signal,
    });
  },
};
