import { z } from 'zod';

/** A [min, max] pair; [0, 0] means unset (spec 000 §3). */
export const rangeSchema = z.tuple([z.number(), z.number()]);

/** The alert filter set stored per user (spec 000 §3, §5). */
export const filterSetSchema = z.object({
  market_cap: rangeSchema,
  beta: rangeSchema,
  upside: rangeSchema,
  lastPrice: rangeSchema,
  pe_ratio_12m: rangeSchema,
  rate: rangeSchema,
  universes: z.array(z.string().max(100)).max(100),
  rating: z.array(z.enum(['buy', 'sell'])).max(2),
  sector_name: z.array(z.string().max(100)).max(50),
  analyst_name: z.array(z.string().max(200)).max(1000),
  inWatchlist: z.array(z.enum(['In Watchlist', 'Not In Watchlist'])).max(2),
});
export type FilterSet = z.infer<typeof filterSetSchema>;

export const emptyFilterSet: FilterSet = {
  market_cap: [0, 0],
  beta: [0, 0],
  upside: [0, 0],
  lastPrice: [0, 0],
  pe_ratio_12m: [0, 0],
  rate: [1, 7],
  universes: [],
  rating: [],
  sector_name: [],
  analyst_name: [],
  inWatchlist: [],
};
