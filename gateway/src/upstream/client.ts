import {
  analystSchema,
  companySchema,
  dailyBarSchema,
  earningsSchema,
  fiscalQuarterSchema,
  listSchema,
  marketStatusSchema,
  newsItemSchema,
  pageSchema,
  quoteSchema,
  quotesResponseSchema,
  ratingSchema,
  upstreamPaths,
  type NewsChannel,
} from '@insight/shared/upstream/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { UpstreamSource } from './source';
import { UpstreamUnavailable } from './source';

/**
 * The typed upstream: every answer is checked against the contract. A malformed envelope fails the
 * call; a malformed item is logged and dropped, and the rest of the answer is kept.
 */
export class UpstreamClient {
  /** Calls made, by path: what one poll cycle costs the upstream (the benchmarks read it). */
  readonly calls = new Map<string, number>();

  constructor(
    readonly source: UpstreamSource,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async envelope<T extends z.ZodType>(
    schema: T,
    path: string,
    query?: Record<string, string | undefined>,
  ) {
    this.calls.set(path, (this.calls.get(path) ?? 0) + 1);
    const answer = await this.source.get(path, query);
    const parsed = schema.safeParse(answer);
    if (!parsed.success) {
      this.log.warn(
        { path, issues: parsed.error.issues.slice(0, 3) },
        'upstream answer dropped: not the contract',
      );
      throw new UpstreamUnavailable(`malformed answer from ${path}`);
    }
    return parsed.data as z.infer<T>;
  }

  private items<T extends z.ZodType>(schema: T, items: unknown[], path: string): z.infer<T>[] {
    const valid: z.infer<T>[] = [];
    let dropped = 0;
    for (const item of items) {
      const parsed = schema.safeParse(item);
      if (parsed.success) valid.push(parsed.data as z.infer<T>);
      else {
        dropped += 1;
        if (dropped <= 3)
          this.log.warn(
            { path, item, issues: parsed.error.issues.slice(0, 3) },
            'upstream item dropped: not the contract',
          );
      }
    }
    if (dropped > 3) this.log.warn({ path, dropped }, 'upstream items dropped: not the contract');
    return valid;
  }

  marketStatus() {
    return this.envelope(marketStatusSchema, upstreamPaths.status);
  }

  async quotes(symbols: readonly string[]) {
    if (symbols.length === 0) return [];
    const { quotes } = await this.envelope(quotesResponseSchema, upstreamPaths.quotes, {
      symbols: symbols.join(','),
    });
    return this.items(quoteSchema, quotes, upstreamPaths.quotes);
  }

  async ratingsSince(cursor: string | null, limit = 2000) {
    const page = await this.envelope(pageSchema, upstreamPaths.ratings, {
      since: cursor ?? undefined,
      limit: String(limit),
    });
    return { ...page, items: this.items(ratingSchema, page.items, upstreamPaths.ratings) };
  }

  async analysts() {
    return this.items(
      analystSchema,
      (await this.envelope(listSchema, upstreamPaths.analysts)).items,
      upstreamPaths.analysts,
    );
  }

  async companies(symbols?: readonly string[]) {
    const answer = await this.envelope(listSchema, upstreamPaths.companies, { symbols: symbols?.join(',') });
    return this.items(companySchema, answer.items, upstreamPaths.companies);
  }

  async earnings(from: string, to: string) {
    return this.items(
      earningsSchema,
      (await this.envelope(listSchema, upstreamPaths.earnings, { from, to })).items,
      upstreamPaths.earnings,
    );
  }

  /** Quarters reported on or after `from` (all when absent), of every company the upstream knows. */
  async fundamentals(from?: string) {
    return this.items(
      fiscalQuarterSchema,
      (await this.envelope(listSchema, upstreamPaths.fundamentals, { from })).items,
      upstreamPaths.fundamentals,
    );
  }

  async newsSince(
    cursor: string | null,
    options: { limit?: number; ticker?: string; channel?: NewsChannel } = {},
  ) {
    const page = await this.envelope(pageSchema, upstreamPaths.news, {
      since: cursor ?? undefined,
      limit: String(options.limit ?? 500),
      ticker: options.ticker,
      channel: options.channel,
    });
    return { ...page, items: this.items(newsItemSchema, page.items, upstreamPaths.news) };
  }

  async bars(symbols: readonly string[], from?: string, to?: string) {
    const answer = await this.envelope(listSchema, upstreamPaths.bars, {
      symbols: symbols.join(','),
      from,
      to,
    });
    return this.items(dailyBarSchema, answer.items, upstreamPaths.bars);
  }
}
