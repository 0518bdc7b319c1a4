import { newYorkDate } from '@insight/shared/market/calendar';
import {
  channelsNewsBodySchema,
  companyProfileSchema,
  findSymbolParamsSchema,
  findSymbolResponseSchema,
  isMarketOpenBodySchema,
  marketApi,
  marketLimits,
  marketOpenResponseSchema,
  newsResponseSchema,
  priceHistoryParamsSchema,
  priceHistoryResponseSchema,
  quotesBodySchema,
  quotesResponseSchema,
  recommendationsParamsSchema,
  recommendationsResponseSchema,
  scoreHistoryResponseSchema,
  stockSchema,
  symbolAndLastResponseSchema,
  symbolParamsSchema,
  symbolToEtfChartSchema,
  symbolToEtfParamsSchema,
  tickersNewsBodySchema,
  topNewsBodySchema,
  topNewsQmBodySchema,
} from '@insight/shared/market/schemas';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketNow, MarketService } from './service';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    marketReads: MarketService;
  }
}

const answers = <T>(ok: T) => ({ 200: ok, ...refusals });

/**
 * The market reads of the spec (000 §7; 002 §7.5-7.7) over the ingested data. Stock and company data
 * need 'stock.read', news 'news.read'; the market status any signed-in account.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = new MarketService(
    app.db,
    {
      marketOpen: () => app.ingestor.marketOpen(),
      now: () => marketNow(app.ingestor.marketStatus()?.at),
      today: () => newYorkDate(new Date(app.ingestor.marketStatus()?.at ?? Date.now())),
    },
    // Grades are the analytics' (registered after this plugin; read when a request comes), as stored:
    // a page read does not wait for a recompute of the whole history.
    (analystIds, sectors) => app.analytics.storedStatsFor(analystIds, sectors),
  );
  app.decorate('marketReads', service);

  app.post(
    marketApi.quotes,
    {
      config: { access: 'stock.read', effect: 'write' },
      schema: { body: quotesBodySchema, response: answers(quotesResponseSchema) },
    },
    async (request) => service.quotes(request.body.data.symbols),
  );

  app.post(
    marketApi.isMarketOpen,
    {
      config: { access: 'account.self', effect: 'write' },
      schema: { body: isMarketOpenBodySchema, response: answers(marketOpenResponseSchema) },
    },
    async () => ({ is_market_open: service.marketOpen() }),
  );

  app.get(
    marketApi.symbolAndLast,
    {
      config: { access: 'stock.read', effect: 'read' },
      schema: { params: symbolParamsSchema, response: answers(symbolAndLastResponseSchema) },
    },
    async (request) => service.symbolAndLast(request.params.symbol),
  );

  app.get(
    marketApi.findSymbol,
    {
      config: { access: 'stock.read', effect: 'read' },
      schema: { params: findSymbolParamsSchema, response: answers(findSymbolResponseSchema) },
    },
    async (request) => service.search(request.params.text, request.params.limit, request.params.offset),
  );

  app.get(
    marketApi.fetchStock,
    {
      config: { access: 'stock.read', effect: 'read' },
      schema: { params: symbolParamsSchema, response: answers(stockSchema) },
    },
    async (request) => {
      const stock = await service.stock(request.params.symbol);
      // The portfolio is registered after this plugin; it is there by the time a request comes.
      const session = request.session;
      const held =
        session && app.hasDecorator('portfolio') ? await app.portfolio.heldSymbols(session.userId) : [];
      return { ...stock, in_file: held.includes(stock.symbol) };
    },
  );

  app.get(
    marketApi.companyProfile,
    {
      config: { access: 'stock.read', effect: 'read' },
      schema: { params: symbolParamsSchema, response: answers(companyProfileSchema) },
    },
    async (request) => service.companyProfile(request.params.symbol),
  );

  app.get(
    marketApi.symbolToEtfChart,
    {
      config: { access: 'stock.read', effect: 'read' },
      schema: { params: symbolToEtfParamsSchema, response: answers(symbolToEtfChartSchema) },
    },
    async (request) =>
      service.symbolToEtfChart(request.params.symbol, request.params.etf, request.params.start),
  );

  // ---- the stock page's ratings and price chart ----

  app.get(
    marketApi.recommendations,
    {
      config: { access: 'stock.read', effect: 'read' },
      schema: { params: recommendationsParamsSchema, response: answers(recommendationsResponseSchema) },
    },
    async (request) => service.recommendations(request.params.symbol),
  );

  app.get(
    marketApi.priceHistory,
    {
      config: { access: 'stock.read', effect: 'read' },
      schema: { params: priceHistoryParamsSchema, response: answers(priceHistoryResponseSchema) },
    },
    async (request) => service.priceHistory(request.params.symbol, request.params.range),
  );

  app.get(
    marketApi.historyScore,
    {
      config: { access: 'stock.read', effect: 'read' },
      schema: { params: symbolParamsSchema, response: answers(scoreHistoryResponseSchema) },
    },
    async (request) => service.scoreHistory(request.params.symbol),
  );

  // ---- news: every call answers {news: [...]}, newest first ----

  app.get(
    marketApi.newsForStock,
    {
      config: { access: 'news.read', effect: 'read' },
      schema: { params: symbolParamsSchema, response: answers(newsResponseSchema) },
    },
    async (request) => ({
      news: await service.newsForStock(request.params.symbol, marketLimits.stockNewsCount),
    }),
  );

  app.post(
    marketApi.topNews,
    {
      config: { access: 'news.read', effect: 'write' },
      schema: { body: topNewsBodySchema, response: answers(newsResponseSchema) },
    },
    async (request) => ({ news: await service.newsPage({ channels: ['Top News'] }, request.body.page_size) }),
  );

  app.post(
    marketApi.topNewsQm,
    {
      config: { access: 'news.read', effect: 'write' },
      schema: { body: topNewsQmBodySchema, response: answers(newsResponseSchema) },
    },
    async (request) => ({
      news: await service.newsPage({ channels: ['Top News'] }, request.body.page_size, request.body.page),
    }),
  );

  app.post(
    marketApi.channelsNewsQm,
    {
      config: { access: 'news.read', effect: 'write' },
      schema: { body: channelsNewsBodySchema, response: answers(newsResponseSchema) },
    },
    async (request) => ({
      news: await service.newsPage(
        { channels: request.body.channels },
        request.body.page_size,
        request.body.page,
      ),
    }),
  );

  app.post(
    marketApi.newsByTickersQm,
    {
      config: { access: 'news.read', effect: 'write' },
      schema: { body: tickersNewsBodySchema, response: answers(newsResponseSchema) },
    },
    async (request) => ({
      news: await service.newsPage(
        { tickers: request.body.tickers },
        request.body.page_size,
        request.body.page,
      ),
    }),
  );
};

export const marketRoutes = fp(routes, { name: 'market-reads', dependencies: ['db', 'session', 'market'] });
