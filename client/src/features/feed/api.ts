import {
  alertFacetsSchema,
  alertsApi,
  alertsPageSchema,
  statusBodySchema,
  type AlertFacets,
  type AlertsPage,
  type FilterSet,
} from '@insight/shared';
import { api } from '../../api/request';

/** The live feed's calls (spec 000 §7 and the saved filters), each checked by its shared schema. */
export const feedCalls = {
  async dismiss(alertId: number): Promise<void> {
    await api.post(alertsApi.dismiss, { alert_id: alertId }, { schema: statusBodySchema });
  },

  /** The page of the profile's older alerts after `cursor` (the feed's infinite scroll). */
  async page(profileId: number, cursor: string): Promise<AlertsPage> {
    return api.get(alertsApi.page, { cursor, profile: profileId }, { schema: alertsPageSchema });
  },

  /** The filter panel's counts over every alert the user can reach (when the pages hold only some). */
  async facets(profileId: number): Promise<AlertFacets> {
    return api.get(alertsApi.facets, { profile: profileId }, { schema: alertFacetsSchema });
  },

  /** The user's alert filters, kept on the server; null clears them back to the defaults. */
  async saveFilters(filters: FilterSet | null): Promise<void> {
    await api.post(alertsApi.saveFilters, { alert_filters: filters }, { schema: statusBodySchema });
  },
};
