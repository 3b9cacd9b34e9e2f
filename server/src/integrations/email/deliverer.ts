import { type OutputFile, parseRecipientList } from '@nomen/shared';
import * as submissionsRepo from '../../entities/submissions/submissions.repository';
import { type Deliverer, flagOn } from '../../jobs/deliver/context';
import { DeliveryError, describe } from '../../jobs/delivery';
import type { Mailer } from '../../mail/mailer';

/**
 * Mails the files as attachments (spec 03 §3 email integration: to, cc, bcc, subject,
 * sendToSubmitter). The Message-ID is the run's, so a resent mail is recognised as the same one.
 * An SMTP 5xx answer is permanent; connection failures are retried.
 */
export async function deliverEmail(
  mailer: Mailer,
  files: readonly OutputFile[],
  options: {
    to: string[];
    cc: string[];
    bcc: string[];
    subject: string;
    text: string;
    messageId: string;
  },
): Promise<string[]> {
  if (options.to.length + options.cc.length + options.bcc.length === 0)
    throw new DeliveryError('The email integration has no recipient', true);
  try {
    await mailer.send({
      to: options.to.join(', '),
      cc: options.cc,
      bcc: options.bcc,
      subject: options.subject,
      text: options.text,
      messageId: options.messageId,
      attachments: files.map((f) => ({
        filename: f.name,
        content: Buffer.from(f.body),
        contentType: f.contentType,
      })),
    });
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode ?? 0;
    throw new DeliveryError(`The mail server refused the mail: ${describe(error)}`, code >= 500);
  }
  return files.map((f) => f.name);
}

/**
 * The email-output deliverer: to, cc, bcc and subject from the assignment's metadata, plus the
 * submitter with sendToSubmitter; the default subject is "<template>: <submission>".
 */
export const emailDeliverer: Deliverer = async (ctx) => {
  const { deps, run, submission, metadata } = ctx;
  const list = (key: string) => parseRecipientList(metadata[key]) ?? [];
  const to = list('to');
  if (flagOn(metadata.sendToSubmitter) && submission.submitter_id) {
    const [submitter] = await submissionsRepo.usersById(deps.db, run.account_id, [submission.submitter_id]);
    if (submitter && !to.includes(submitter.email)) to.push(submitter.email);
  }
  const subject = String(metadata.subject ?? '').trim() || `${submission.template_name}: ${submission.name}`;
  // Only the attempt holding the run mails (an expired attempt still running must not mail twice).
  await ctx.fence();
  return deliverEmail(deps.mailer, ctx.files, {
    to,
    cc: list('cc'),
    bcc: list('bcc'),
    subject,
    text: `${submission.submitter_name} submitted "${submission.name}" (${submission.row_count} rows) through ${submission.template_name}. The output is attached.`,
    messageId: `<integration-run-${run.id}@${new URL(deps.config.appUrl).hostname}>`,
  });
};
