import {
  analystPastAlertsResponseSchema,
  analystsApi,
  type AnalystPastAlerts,
} from '@insight/shared/analysts/schemas';
import { api } from '../../api/request';

export interface PastAlertsQuery {
  alertId: number;
  analyst: string;
  symbol: string;
}

/** The analyst details dialog's call (spec 000 §7 "Analyst past alerts"). */
export const analystCalls = {
  pastAlerts(
    { alertId, analyst, symbol }: PastAlertsQuery,
    signal?: AbortSignal,
  ): Promise<AnalystPastAlerts> {
    return api.post(
      analystsApi.pastAlerts,
      { alert_id: alertId, analyst, symbol },
      { schema: analystPastAlertsResponseSchema, signal },
    );
  },
};
