import { z } from 'zod';
import { symbolSchema } from '../upstream/contract';

/**
 * Control of the simulated market, for tests and demos (SIM_CONTROL=1, never in production, admins
 * only). The gateway serves them under /api/sim/, the standalone simulator under /sim/.
 */
export const simPaths = {
  ratings: 'ratings',
  quotes: 'quotes',
  market: 'market',
  upstream: 'upstream',
  advance: 'advance',
} as const;

const upperSymbol = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  symbolSchema,
);

export const simRatingBodySchema = z.object({
  symbol: upperSymbol,
  rating: z.enum(['buy', 'sell']),
  price_target: z.number().positive().max(1_000_000),
  analyst_name: z.string().trim().min(1).max(200).optional(),
});

export const simQuoteBodySchema = z.object({
  symbol: upperSymbol,
  lastPrice: z.number().positive().max(1_000_000),
});

/** `null` hands the market back to the calendar. */
export const simMarketBodySchema = z.object({ open: z.boolean().nullable() });

export const simUpstreamBodySchema = z.object({ failing: z.boolean() });

export const simAdvanceBodySchema = z.object({
  minutes: z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 366),
});
