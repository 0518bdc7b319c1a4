import type { AuditQuery } from '@insight/shared';
import type { Db } from '../platform/db';
import { pageOf } from '../platform/paging';
import '../admin/tables';

type Query = Required<Pick<AuditQuery, 'page' | 'page_size'>> & Omit<AuditQuery, 'page' | 'page_size'>;

/** Reads of the audit log. Writing is `recordAudit` (record.ts), inside the change's transaction. */
export function auditRepo(db: Db) {
  const filtered = (query: Query) =>
    db
      .selectFrom('audit_log')
      .$if(query.actor_id !== undefined, (q) => q.where('actor_id', '=', query.actor_id!))
      .$if(query.entity !== undefined, (q) => q.where('entity', '=', query.entity!))
      .$if(query.from !== undefined, (q) => q.where('at', '>=', new Date(`${query.from}T00:00:00Z`)))
      .$if(query.to !== undefined, (q) =>
        q.where('at', '<', new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)),
      );

  return {
    page(query: Query) {
      return pageOf(
        filtered(query),
        filtered(query).selectAll().orderBy('at', 'desc').orderBy('id', 'desc'),
        query,
      );
    },

    actors() {
      return db
        .selectFrom('audit_log')
        .select(['actor_id', 'actor_email'])
        .where('actor_id', 'is not', null)
        .groupBy(['actor_id', 'actor_email'])
        .orderBy('actor_email')
        .execute();
    },
  };
}
