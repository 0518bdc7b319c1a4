import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (a support request: its sender). */
  replyTo?: string;
  /** Files sent with it (a report: its Excel or CSV), read from disk when the mail is built. */
  attachments?: { filename: string; path: string; contentType?: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mails go, for the log and /api/health. */
  readonly target: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Mail goes out by SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to
 * DATA_DIR/outbox, where a developer (or a test) opens it.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      target: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: outbox,
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(outbox, name), info.message as Buffer);
    },
  };
}

export const mailPlugin = fp(
  async (app, options: { smtpUrl: string | undefined; dataDir: string; from: string }) => {
    app.decorate('mailer', createMailer(options));
  },
  { name: 'mail' },
);
