import { apiPath } from '@insight/shared';
import {
  appPortfolioChangedSchema,
  appPortfolioResponseSchema,
  appPortfoliosResponseSchema,
  appsApi,
  appsResponseSchema,
  monthToDate,
  notifyAllResponseSchema,
  type AddAppPortfolioBody,
  type AddAppSymbolBody,
  type App,
  type AppPortfolio,
  type AppPortfolioChanged,
  type AppPortfolioDetail,
  type MakeActiveBody,
  type NotifyAllBody,
  type NotifyAllResponse,
  type RemoveAppSymbolBody,
  type SetEndMonthBody,
} from '@insight/shared/apps/schemas';
import { api } from '../../api/request';

/** The app portfolio admin calls of spec 002 §7.4; every change answers the portfolio as it is now. */
export const appPortfolioCalls = {
  async apps(signal?: AbortSignal): Promise<App[]> {
    return (await api.get(appsApi.apps, undefined, { schema: appsResponseSchema, signal })).data;
  },
  async portfolios(app: string, signal?: AbortSignal): Promise<AppPortfolio[]> {
    const path = apiPath(appsApi.portfolios, { app, activeOnly: 'false' });
    return (await api.get(path, undefined, { schema: appPortfoliosResponseSchema, signal })).data;
  },
  async portfolio(id: number, signal?: AbortSignal): Promise<AppPortfolioDetail> {
    const path = apiPath(appsApi.portfolio, { id, withList: 'true' });
    return (await api.get(path, undefined, { schema: appPortfolioResponseSchema, signal })).data;
  },
  /** `month` as the form checked it (YYYY-MM); sent with "-01" appended, as the spec's screen does. */
  add(app: string, title: string, month: string): Promise<AppPortfolioChanged> {
    const body: AddAppPortfolioBody = { app, title, date: monthToDate(month) };
    return api.post(appsApi.addPortfolio, body, { schema: appPortfolioChangedSchema });
  },
  makeActive(portfolio: number, active: boolean): Promise<AppPortfolioChanged> {
    const body: MakeActiveBody = { portfolio, active };
    return api.post(appsApi.makeActive, body, { schema: appPortfolioChangedSchema });
  },
  setEndMonth(portfolio: number, month: string | null): Promise<AppPortfolioChanged> {
    const body: SetEndMonthBody = { portfolio, value: month === null ? null : monthToDate(month) };
    return api.post(appsApi.setEndMonth, body, { schema: appPortfolioChangedSchema });
  },
  addSymbol(portfolio: number, symbol: string, entry: string | null): Promise<AppPortfolioChanged> {
    const body: AddAppSymbolBody = { portfolio, symbol, ...(entry === null ? {} : { entry }) };
    return api.post(appsApi.addSymbol, body, { schema: appPortfolioChangedSchema });
  },
  removeSymbol(portfolio: number, symbol: string): Promise<AppPortfolioChanged> {
    const body: RemoveAppSymbolBody = { portfolio, symbol };
    return api.post(appsApi.removeSymbol, body, { schema: appPortfolioChangedSchema });
  },
  notifyAll(app: string, msg: string): Promise<NotifyAllResponse> {
    const body: NotifyAllBody = { app_flavor: app, msg };
    return api.post(appsApi.notifyAll, body, { schema: notifyAllResponseSchema });
  },
};
