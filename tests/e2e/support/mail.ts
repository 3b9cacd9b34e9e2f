import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eDataDir } from './worker';

/**
 * The first link of the newest mail file to `email` in DATA_DIR/mail of this worker's e2e server
 * (start-server.mjs runs it without SMTP, so mail lands as files; README, Security).
 */
export function lastMailedLink(email: string): string {
  const folder = join(e2eDataDir(), 'mail');
  const mails = readdirSync(folder)
    .sort()
    .reverse()
    .map((name) => readFileSync(join(folder, name), 'utf8'));
  const mail = mails.find((text) => text.includes(`\r\nTo: ${email}\r\n`));
  const link = mail?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${email} in ${folder}`);
  return link;
}
