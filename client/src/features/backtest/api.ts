import {
  backtestAcceptedSchema,
  backtestApi,
  backtestGraphResponseSchema,
  type BacktestGraphResponse,
} from '@insight/shared/backtest/schemas';
import { z } from 'zod';
import { api } from '../../api/request';

const graphOrAccepted = z.union([backtestGraphResponseSchema, backtestAcceptedSchema]);

/** The backtests' calls (spec 002 §7.6), typed by the shared contract. */
export const backtestCalls = {
  graph(body: { start_month: string; end_month: string; tickers: string; benchmarks: string[] }) {
    return api.post(backtestApi.graph, body, { schema: backtestGraphResponseSchema });
  },
  excel(body: {
    start_month: string;
    end_month: string;
    tickers: string;
    benchmarks: string[];
    email: string;
  }) {
    return api.post(backtestApi.excel, body, { schema: backtestAcceptedSchema });
  },
  strategy(body: {
    start_month: string;
    end_month: string;
    universeId: number;
    numFiles: number | '';
    numTickers: number | '';
    num_inv_months: number;
    email: string;
  }) {
    return api.post(backtestApi.strategy, body, { schema: backtestAcceptedSchema });
  },
  async analyst(body: { analyst: string; start_month?: string; end_month?: string }) {
    const answer = await api.post(backtestApi.analyst, body, { schema: graphOrAccepted });
    return answer as BacktestGraphResponse;
  },
  async filter(body: { filter: unknown }) {
    const answer = await api.post(backtestApi.filter, body, { schema: graphOrAccepted });
    return answer as BacktestGraphResponse;
  },
  filterMail(body: { filter: unknown; email: string }) {
    return api.post(backtestApi.filter, body, { schema: backtestAcceptedSchema });
  },
  analystMail(body: { analyst: string; start_month?: string; end_month?: string; email: string }) {
    return api.post(backtestApi.analyst, body, { schema: backtestAcceptedSchema });
  },
};
