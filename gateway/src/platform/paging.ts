import { sql, type SelectQueryBuilder } from 'kysely';

export interface PageRequest {
  /** 1-based. */
  page: number;
  page_size: number;
}

/**
 * One page of a list and the list's total. `filtered` is the list's query with its filters (its
 * selections are dropped for the count); `ordered` is the same query with its columns and order.
 * Every paged list of the manage screens, the audit log and support goes through here, so a page
 * and its total never disagree on the filter.
 */
export async function pageOf<DB, TB extends keyof DB, S, OrderedDB, OrderedTB extends keyof OrderedDB, O>(
  filtered: SelectQueryBuilder<DB, TB, S>,
  ordered: SelectQueryBuilder<OrderedDB, OrderedTB, O>,
  page: PageRequest,
): Promise<{ rows: O[]; total: number }> {
  // Generic over the table, so the count's row type is stated rather than inferred.
  const counted = (await filtered
    .clearSelect()
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow()) as { count: string };
  const rows = await ordered
    .limit(page.page_size)
    .offset((page.page - 1) * page.page_size)
    .execute();
  return { rows, total: Number(counted.count) };
}
