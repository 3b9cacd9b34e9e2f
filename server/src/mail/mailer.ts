import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A file attached to a mail (issue 12: email-output sends the built files). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * One outgoing mail. `to` may list several addresses separated by commas; `cc`, `bcc` and
 * `attachments` are optional; `messageId` (e.g. `<run-12@nomen>`) lets a resent mail carry the same
 * Message-ID, so mail clients show a retried delivery once.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  cc?: string[];
  bcc?: string[];
  attachments?: MailAttachment[];
  messageId?: string;
}

/** Whether a message needs MIME building (attachments, copies, an own Message-ID). */
function isRich(message: MailMessage): boolean {
  return Boolean(
    message.attachments?.length || message.cc?.length || message.bcc?.length || message.messageId,
  );
}

/** The RFC 5322 text of a message with attachments, built by nodemailer's own composer. */
async function richEml(from: string, message: MailMessage): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await composer.sendMail({ from, ...message });
  return info.message as Buffer;
}

/** Sends mail (issue 2 §2; issue 8 item 1). Mail is never kept where HTTP could serve it. */
export interface Mailer {
  /** Sends one message; rejects when the SMTP server refuses it or the file cannot be written. */
  send(message: MailMessage): Promise<void>;
}

/** Folder under DATA_DIR where mail lands when there is no SMTP server. */
export const MAIL_FOLDER = 'mail';

/**
 * A mail file's name: time first, so a folder listing is in sending order, then the recipient
 * and a random tail so two mails of one millisecond never collide.
 */
function mailFileName(to: string): string {
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  const who = to.replace(/[^a-zA-Z0-9@._-]/g, '_').slice(0, 100);
  return `${time}-${who}-${randomBytes(3).toString('hex')}.eml`;
}

/** The message as an RFC 5322 text (UTF-8, 8bit), openable by mail clients. */
function toEml(from: string, message: MailMessage): string {
  const header = (s: string) => s.replace(/[\r\n]+/g, ' ');
  return [
    `From: ${header(from)}`,
    `To: ${header(message.to)}`,
    `Subject: ${header(message.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    message.text,
    '',
  ].join('\r\n');
}

/**
 * A mailer (issue 2 §2; issue 8 item 1): nodemailer over `smtpUrl`; without it, each message is
 * written to its own file `<dataDir>/mail/<time>-<recipient>-<random>.eml` (folder mode 0700,
 * files 0600) and, unless `quiet` or `isProduction`, also logged with its links so a developer
 * can follow them. Production logs only that a mail was written, never its content. Mail is
 * never served over HTTP.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  /** Where mail files go when there is no SMTP server (DATA_DIR). */
  dataDir: string;
  isProduction?: boolean;
  quiet?: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const folder = join(options.dataDir, MAIL_FOLDER);
  return {
    async send(message) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const file = join(folder, mailFileName(message.to));
      const eml = isRich(message) ? await richEml(options.from, message) : toEml(options.from, message);
      await writeFile(file, eml, { mode: 0o600 });
      if (options.quiet) return;
      if (options.isProduction) {
        console.log(`[mail] to ${message.to}: ${message.subject} (written to ${file}; set SMTP_URL to send)`);
      } else {
        console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text.replace(/^/gm, '  | ')}`);
      }
    },
  };
}
