import type { SupportPage, SupportRequestInput } from '@insight/shared';
import { supportMessages } from '@insight/shared';
import { recordAudit } from '../audit/record';
import type { Db } from '../platform/db';
import { HttpError, tooManyRequests } from '../platform/errors';
import type { Mailer } from '../platform/mail';
import { supportRepo } from './repo';

const hourMs = 60 * 60_000;

/**
 * Support requests (spec 002 §2.9): stored, mailed to the support address with a reply-to of the
 * sender, and limited per user, address and e-mail against abuse. Admins list them and mark them
 * handled. Knows nothing of HTTP.
 */
export class SupportService {
  private readonly repo;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: { email: string; maxPerHour: number },
  ) {
    this.repo = supportRepo(db);
  }

  async send(request: SupportRequestInput, from: { userId: number | null; address: string }) {
    await this.refuseWhenTooMany(request.email, from);
    const id = await this.repo.insert({ ...request, user_id: from.userId, address: from.address });
    const lines = [
      `Full Name: ${request.name}`,
      `Email: ${request.email}`,
      `Phone Number: ${request.phone}`,
      `Company: ${request.company}`,
      `Support Topic: ${request.topic}`,
      `Signed-in user: ${from.userId ?? 'none'}`,
      '',
      request.message,
    ];
    await this.mailer.send({
      to: this.options.email,
      replyTo: request.email,
      subject: `[Support #${id}] ${request.topic}: ${request.name}`.slice(0, 200),
      text: lines.join('\n'),
    });
    return { status: true as const, msg: supportMessages.sent, id };
  }

  private async refuseWhenTooMany(email: string, from: { userId: number | null; address: string }) {
    const since = new Date(Date.now() - hourMs);
    const checks: Array<['user_id' | 'address' | 'email', number | string]> = [
      ['address', from.address],
      ['email', email.toLowerCase()],
      ...(from.userId === null ? [] : [['user_id', from.userId] as ['user_id', number]]),
    ];
    for (const [column, value] of checks) {
      const sent = await this.repo.sentSince(column, column === 'email' ? String(value) : value, since);
      if (sent.count >= this.options.maxPerHour) {
        const oldest = sent.oldest?.getTime() ?? Date.now();
        const minutes = Math.max(1, Math.ceil((oldest + hourMs - Date.now()) / 60_000));
        throw tooManyRequests(supportMessages.tooMany(minutes));
      }
    }
  }

  async page(query: {
    page: number;
    page_size: number;
    handled?: boolean | undefined;
  }): Promise<SupportPage> {
    const { rows, total } = await this.repo.page(query);
    return {
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        company: row.company,
        topic: row.topic,
        message: row.message,
        user_id: row.user_id,
        created_at: row.created_at.toISOString(),
        handled_at: row.handled_at?.toISOString() ?? null,
        handled_by: row.handled_by_email ?? null,
      })),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  async markHandled(actorId: number, id: number, handled: boolean) {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.repo.find(id, trx);
      if (!before) throw new HttpError(404, 'Support request not found');
      await this.repo.setHandled(id, handled ? actorId : null, trx);
      await recordAudit(trx, {
        actorId,
        entity: 'support_request',
        entityId: id,
        action: handled ? 'handled' : 'reopened',
        before: { handled_at: before.handled_at },
        after: { handled_at: (await this.repo.find(id, trx))?.handled_at ?? null },
      });
    });
    return { status: true as const };
  }
}
