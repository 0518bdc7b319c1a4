import type { Db } from '../platform/db';
import '../admin/tables';

/** What changed: the entity as it was (null when created) and as it became (null when deleted). */
export interface AuditChange {
  /** The admin who made the change (users.id); null for a system action (the admin:create command). */
  actorId: number | null;
  /** 'account' | 'user' | 'profile' | 'analyst' | 'universe' | 'app_portfolio' | 'support_request' | … */
  entity: string;
  entityId: string | number;
  /** 'create' | 'update' | 'delete', or a verb of the feature ('invite', 'handled', 'add_symbol'). */
  action: string;
  before: unknown;
  after: unknown;
}

/** Secrets never enter the log, whatever a caller passes. */
const secretKeys = new Set(['password', 'password_hash', 'repeatPassword', 'token_hash', 'api_key']);

function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, field]) =>
        secretKeys.has(key) ? [key, field ? '(changed)' : null] : [key, scrub(field)],
      ),
    );
  }
  return value;
}

/**
 * Records one admin change in the audit log, inside the caller's transaction so the log and the
 * change commit (or fail) together. Every feature that lets an admin change accounts, users,
 * profiles, analysts, universes or app portfolios calls this:
 *
 *   await db.transaction().execute(async (trx) => {
 *     const before = await repo.find(id, trx);
 *     await repo.update(id, values, trx);
 *     await recordAudit(trx, { actorId: session.userId, entity: 'universe', entityId: id,
 *       action: 'update', before, after: await repo.find(id, trx) });
 *   });
 */
export async function recordAudit(trx: Db, change: AuditChange): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values((eb) => ({
      actor_id: change.actorId,
      actor_email:
        change.actorId === null
          ? null
          : eb.selectFrom('users').select('email').where('id', '=', change.actorId),
      entity: change.entity,
      entity_id: String(change.entityId),
      action: change.action,
      before:
        change.before === null || change.before === undefined ? null : JSON.stringify(scrub(change.before)),
      after: change.after === null || change.after === undefined ? null : JSON.stringify(scrub(change.after)),
    }))
    .execute();
}
