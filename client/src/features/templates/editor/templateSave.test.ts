import type { TemplateLog, TemplateSave } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  pollTemplateLog,
  runTemplateSave,
  TEMPLATE_LOG_POLL_MS,
  type TemplateSaveCalls,
} from './templateSave';

function log(status: TemplateLog['status'], message = ''): TemplateLog {
  return { id: 1, template_id: 7, status, message, created_at: '2026-11-23T10:00:00.000Z' };
}

/** Calls that record what was sent and answer the given logs in turn (the last one repeats). */
function fakeCalls(
  logs: (TemplateLog | null)[],
  options: { putFails?: boolean; approversFail?: boolean } = {},
) {
  const sent: string[] = [];
  const waits: number[] = [];
  let reads = 0;
  const calls: TemplateSaveCalls = {
    put: async () => {
      sent.push('put');
      if (options.putFails) throw new Error('Template name is required');
      return { id: 7 };
    },
    sendApprovers: async (id, requireApproval, approvers) => {
      sent.push(
        requireApproval && approvers.length > 0 ? `add ${id}:${approvers.join(',')}` : `delete ${id}`,
      );
      if (options.approversFail) throw new Error('Approver 9 is not an owner');
    },
    readLog: async () => {
      reads += 1;
      return logs[Math.min(reads, logs.length) - 1] ?? null;
    },
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  return { calls, sent, waits, reads: () => reads };
}

const body = (settings: Partial<NonNullable<TemplateSave['settings']>> = {}, approvers: number[] = []) =>
  ({
    name: 'Paid social',
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0, ...settings },
    approvers,
  }) as TemplateSave;

describe('template save and polling (spec 03 §4)', () => {
  it('reads the log until it leaves Running, and succeeds', async () => {
    const fake = fakeCalls([log('Running'), log('Running'), log('Success')]);
    expect(await runTemplateSave(body(), fake.calls)).toEqual({ status: 'Success', id: 7 });
    expect(fake.reads()).toBe(3);
    expect(fake.waits).toEqual([TEMPLATE_LOG_POLL_MS, TEMPLATE_LOG_POLL_MS]);
  });

  it('stops after 5 reads in all (4 repeats) while the save is still Running', async () => {
    const fake = fakeCalls([log('Running')]);
    expect(await runTemplateSave(body(), fake.calls)).toEqual({ status: 'Running', id: 7 });
    expect(fake.reads()).toBe(5);
  });

  it("answers Failed with the server's message, or the catalogue's when it has none", async () => {
    const named = fakeCalls([log('Failed', 'Email output: Account is required')]);
    expect(await runTemplateSave(body(), named.calls)).toEqual({
      status: 'Failed',
      id: 7,
      message: 'Email output: Account is required',
    });
    const bare = fakeCalls([log('Failed')]);
    expect(await runTemplateSave(body(), bare.calls)).toMatchObject({
      message: 'Template integrations failed to validate.',
    });
  });

  it('adds the approvers when approval is required and deletes them when it is not', async () => {
    const required = fakeCalls([log('Success')]);
    await runTemplateSave(body({ require_approval: 1 }, [3, 4]), required.calls);
    expect(required.sent).toEqual(['put', 'add 7:3,4']);
    const notRequired = fakeCalls([log('Success')]);
    await runTemplateSave(body({ require_approval: 0 }, [3]), notRequired.calls);
    expect(notRequired.sent).toEqual(['put', 'delete 7']);
  });

  it('sends nothing else when the save itself fails', async () => {
    const fake = fakeCalls([log('Success')], { putFails: true });
    const outcome = await runTemplateSave(body({ require_approval: 1 }, [3]), fake.calls);
    expect(outcome.status).toBe('NotSaved');
    expect(fake.sent).toEqual(['put']);
    expect(fake.reads()).toBe(0);
  });

  it('reports a failed approvers call as a failed save of a template that exists', async () => {
    const fake = fakeCalls([log('Success')], { approversFail: true });
    expect(await runTemplateSave(body({ require_approval: 1 }, [9]), fake.calls)).toEqual({
      status: 'Failed',
      id: 7,
      message: 'Approver 9 is not an owner',
    });
  });

  it('polls a save found running on load the same way', async () => {
    const fake = fakeCalls([log('Running'), log('Failed', 'Box push: Account is required')]);
    expect(await pollTemplateLog(7, fake.calls)).toMatchObject({ status: 'Failed' });
    expect(fake.reads()).toBe(2);
  });
});
