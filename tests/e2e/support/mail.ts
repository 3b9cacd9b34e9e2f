import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** DATA_DIR of the e2e server (start-server.mjs), where mail lands as files without SMTP. */
const DATA_DIR =
  process.env.E2E_DATA_DIR ??
  join(import.meta.dirname, '..', '..', '..', '.data', `e2e-${process.env.E2E_PORT ?? '3210'}`);

/** The first link of the newest mail file to `email` in DATA_DIR/mail (README, Security). */
export function lastMailedLink(email: string): string {
  const folder = join(DATA_DIR, 'mail');
  const mails = readdirSync(folder)
    .sort()
    .reverse()
    .map((name) => readFileSync(join(folder, name), 'utf8'));
  const mail = mails.find((text) => text.includes(`\r\nTo: ${email}\r\n`));
  const link = mail?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${email} in ${folder}`);
  return link;
}
