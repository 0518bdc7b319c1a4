import type { Mailer } from '../platform/mail';
import type { JobResult } from './service';

/**
 * A report job's delivery by mail (spec 001 §5: reports are "sent by email"): the result file goes
 * as an attachment, and the mail says where the same file waits in the app (My reports). Called by
 * a report's job handler after it wrote its file, so a mail failure fails the job visibly instead
 * of losing the report.
 */
export async function mailJobResult(
  mailer: Mailer,
  mail: { to: string; subject: string; text: string },
  result: JobResult,
): Promise<void> {
  const file = result.file;
  await mailer.send({
    to: mail.to,
    subject: mail.subject,
    text: `${mail.text}\n\nThe same file stays in Insight under Tools, My reports, for 30 days.`,
    attachments: file ? [{ filename: file.name, path: file.path, contentType: file.contentType }] : undefined,
  });
}
