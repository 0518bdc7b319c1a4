import { apiPath, portfolioApi } from '@insight/shared';
import {
  lastMonthNotificationsSchema,
  markSeenResponseSchema,
  notificationsApi,
  notificationsPageSchema,
  type LastMonthNotifications,
  type NotificationsPage,
} from '@insight/shared/notifications/schemas';
import {
  portfolioSettingsResponseSchema,
  updateSettingsResponseSchema,
  type PortfolioSettings,
  type UpdateSettingsBody,
} from '@insight/shared/portfolio/monitor';
import { api } from '../../api/request';

/** The monitor's calls of spec 001 §7: settings and preferences, the notifications and their seen mark. */
export const notificationCalls = {
  settings(portfolioId: number, signal?: AbortSignal): Promise<PortfolioSettings> {
    return api.get(apiPath(portfolioApi.settings, { id: portfolioId }), undefined, {
      schema: portfolioSettingsResponseSchema,
      signal,
    });
  },
  updateSettings(body: UpdateSettingsBody) {
    return api.post(portfolioApi.updateSettings, body, { schema: updateSettingsResponseSchema });
  },
  page(portfolio: number, count: number, offset: number, signal?: AbortSignal): Promise<NotificationsPage> {
    return api.get(apiPath(notificationsApi.list, { portfolio, count, offset }), undefined, {
      schema: notificationsPageSchema,
      signal,
    });
  },
  markSeen(portfolio: number, count: number) {
    return api.get(apiPath(notificationsApi.markSeen, { portfolio, count }), undefined, {
      schema: markSeenResponseSchema,
    });
  },
  lastMonth(portfolioId: number, signal?: AbortSignal): Promise<LastMonthNotifications> {
    return api.get(apiPath(notificationsApi.lastMonth, { id: portfolioId }), undefined, {
      schema: lastMonthNotificationsSchema,
      signal,
    });
  },
};
