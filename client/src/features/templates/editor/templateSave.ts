import { TEMPLATE_LOG_MAX_READS, type TemplateLog, type TemplateSave } from '@nomen/shared';

/** Shown 10 s after a save whose slow part succeeded (spec 03 §8). */
export const TEMPLATE_SAVED_MESSAGE = 'Template saved successfully';
/** How long the success toast stays (spec 03 §8: 10 s). */
export const TEMPLATE_SAVED_TOAST_MS = 10_000;
/** Shown when the slow part is still Running after the last read (spec 03 §4, §8). */
export const TEMPLATE_SAVE_SLOW_MESSAGE = 'Template is taking a while to save. Please check back later.';
/** Shown when the slow part failed and the server gave no message (spec 03 §8). */
export const TEMPLATE_INTEGRATIONS_FAILED_MESSAGE = 'Template integrations failed to validate.';
/** Shown when the save call itself failed (spec 03 §4, §8). */
export const TEMPLATE_SAVE_FAILED_MESSAGE = 'Template failed to save';
/** Time between two reads of the template logs while the save is Running (ours; the spec gives the count only). */
export const TEMPLATE_LOG_POLL_MS = 1000;

/** How a save ended (spec 03 §4 "Template save and polling"). */
export type TemplateSaveOutcome =
  | { status: 'Success'; id: number }
  | { status: 'Failed'; id: number; message: string }
  | { status: 'Running'; id: number }
  | { status: 'NotSaved'; error: unknown };

/** What a save talks to; the editor passes the real calls, tests pass their own. */
export interface TemplateSaveCalls {
  put: (body: TemplateSave) => Promise<{ id: number }>;
  sendApprovers: (templateId: number, requireApproval: boolean, approvers: number[]) => Promise<void>;
  readLog: (templateId: number) => Promise<TemplateLog | null>;
  wait: (ms: number) => Promise<void>;
}

/**
 * Polls a template's logs after a save or on load (spec 03 §4): up to 5 reads in all (4 repeats),
 * `TEMPLATE_LOG_POLL_MS` apart, while the last log is Running. Answers the last log read (null
 * when there is none).
 */
export async function pollTemplateLog(
  templateId: number,
  calls: Pick<TemplateSaveCalls, 'readLog' | 'wait'>,
): Promise<TemplateLog | null> {
  let log = await calls.readLog(templateId);
  for (let read = 1; read < TEMPLATE_LOG_MAX_READS && log?.status === 'Running'; read += 1) {
    await calls.wait(TEMPLATE_LOG_POLL_MS);
    log = await calls.readLog(templateId);
  }
  return log;
}

/**
 * Saves a template as spec 03 §4 says: PUT the whole template (its id back at once), then the
 * approvers (added when require_approval is set, deleted otherwise), then polls the template log
 * of the save's slow part. A failed PUT is `NotSaved` with its error (nothing else is sent); a
 * failed approvers call leaves the template saved and is reported as `Failed` with its message.
 */
export async function runTemplateSave(
  body: TemplateSave,
  calls: TemplateSaveCalls,
): Promise<TemplateSaveOutcome> {
  let id: number;
  try {
    ({ id } = await calls.put(body));
  } catch (error) {
    return { status: 'NotSaved', error };
  }
  try {
    await calls.sendApprovers(id, body.settings?.require_approval === 1, [...(body.approvers ?? [])]);
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'Approvers failed to save.';
    return { status: 'Failed', id, message };
  }
  const log = await pollTemplateLog(id, calls);
  if (log === null || log.status === 'Success') return { status: 'Success', id };
  if (log.status === 'Running') return { status: 'Running', id };
  return { status: 'Failed', id, message: log.message || TEMPLATE_INTEGRATIONS_FAILED_MESSAGE };
}
