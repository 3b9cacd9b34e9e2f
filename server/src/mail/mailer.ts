import nodemailer from 'nodemailer';

/** One outgoing mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; `outbox` holds what was sent when there is no SMTP server (dev outbox). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The dev outbox, newest last; null when mail goes out through SMTP. */
  readonly outbox: MailMessage[] | null;
}

const OUTBOX_SIZE = 200;

/**
 * A mailer (issue 2 §2): nodemailer over `smtpUrl`, or without it a dev outbox that keeps the
 * last 200 messages in memory and logs each one with its links, so a developer can follow them.
 * `quiet` turns the log off (tests).
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  quiet?: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outbox: null,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox: MailMessage[] = [];
  return {
    outbox,
    async send(message) {
      outbox.push(message);
      if (outbox.length > OUTBOX_SIZE) outbox.shift();
      if (!options.quiet) {
        console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text.replace(/^/gm, '  | ')}`);
      }
    },
  };
}
