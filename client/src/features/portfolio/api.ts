import {
  addPositionsResponseSchema,
  apiPath,
  budgetResponseSchema,
  closedPositionsResponseSchema,
  deleteResponseSchema,
  depositsResponseSchema,
  futureActionSavedSchema,
  futureActionsResponseSchema,
  lastFundDateResponseSchema,
  openPositionsResponseSchema,
  pieChartResponseSchema,
  portfolioApi,
  portfolioChartResponseSchema,
  portfolioListSchema,
  portfolioSchema,
  sharpeResponseSchema,
  statusResponseSchema,
  unitPriceResponseSchema,
  type AddBudgetInput,
  type AddPositionsBody,
  type CloseBody,
  type CreatePortfolioInput,
  type FutureActionBody,
} from '@insight/shared';
import { api } from '../../api/request';

/** The portfolio calls of spec 001 §7 and spec 002 §7.6, typed by the shared contract. */
export const portfolioCalls = {
  list(userId: number, signal?: AbortSignal) {
    return api.get(apiPath(portfolioApi.list, { userId }), undefined, {
      schema: portfolioListSchema,
      signal,
    });
  },
  create(body: CreatePortfolioInput) {
    return api.post(portfolioApi.create, body, { schema: portfolioSchema });
  },
  unitPrice(id: number, signal?: AbortSignal) {
    return api.get(apiPath(portfolioApi.unitPrice, { id }), undefined, {
      schema: unitPriceResponseSchema,
      signal,
    });
  },
  /** Units are issued (deposit) or redeemed (withdrawal) at the server's current unit price. */
  addBudget(body: AddBudgetInput) {
    return api.post(portfolioApi.addBudget, body, { schema: budgetResponseSchema });
  },
  fundsHistory(id: number, signal?: AbortSignal) {
    return api.get(apiPath(portfolioApi.depositsOf, { id }), undefined, {
      schema: depositsResponseSchema,
      signal,
    });
  },
  lastFundDate(userId: number, id: number, signal?: AbortSignal) {
    return api.get(apiPath(portfolioApi.lastFundDate, { userId, id }), undefined, {
      schema: lastFundDateResponseSchema,
      signal,
    });
  },
  addPositions(body: AddPositionsBody) {
    return api.post(portfolioApi.addPositions, body, { schema: addPositionsResponseSchema });
  },
  openPositions(id: number, signal?: AbortSignal) {
    return api.get(apiPath(portfolioApi.openPositions, { id }), undefined, {
      schema: openPositionsResponseSchema,
      signal,
    });
  },
  closedPositions(id: number, signal?: AbortSignal) {
    return api.get(apiPath(portfolioApi.closedPositions, { id }), undefined, {
      schema: closedPositionsResponseSchema,
      signal,
    });
  },
  close(body: CloseBody) {
    return api.post(portfolioApi.close, body, { schema: statusResponseSchema });
  },
  delete(ids: readonly number[]) {
    return api.post(portfolioApi.delete, { scurity_ids: ids }, { schema: deleteResponseSchema });
  },
  addFutureAction(body: FutureActionBody) {
    return api.post(portfolioApi.addFutureAction, body, { schema: futureActionSavedSchema });
  },
  futureActions(id: number, signal?: AbortSignal) {
    return api.get(apiPath(portfolioApi.futureActions, { id }), undefined, {
      schema: futureActionsResponseSchema,
      signal,
    });
  },
  sharpe(id: number, signal?: AbortSignal) {
    return api.get(apiPath(portfolioApi.sharpe, { id }), undefined, { schema: sharpeResponseSchema, signal });
  },
  pieChart(pid: number) {
    return api.post(portfolioApi.pieChart, { pid }, { schema: pieChartResponseSchema });
  },
  chart(body: { pid: number; etfs: readonly string[]; from_date?: string; to_date?: string }) {
    return api.post(portfolioApi.chart, body, { schema: portfolioChartResponseSchema });
  },
  reset(id: number) {
    return api.get(apiPath(portfolioApi.reset, { id }), undefined, { schema: statusResponseSchema });
  },
  /** Where the browser navigates to download (spec 001 §7: page navigation to a file endpoint). */
  downloadPositionsUrl(id: number, format: 'csv' | 'xlsx') {
    return `${apiPath(portfolioApi.downloadPositions, { id })}?format=${format}`;
  },
  downloadActionsUrl(id: number, format: 'csv' | 'xlsx', symbols: readonly string[] = []) {
    const query = new URLSearchParams({ format });
    if (symbols.length > 0) query.set('symbols', symbols.join(','));
    return `${apiPath(portfolioApi.downloadActions, { id })}?${query.toString()}`;
  },
};
