import type { RoomMessage } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import type { RoomCommandRequest } from './ListRoomClient';
import { EMPTY_QUEUE, type ModerationQueue, type QueuedModeration, queueReducer } from './reviewQueue';
import { OFFLINE_DECISIONS_MESSAGE, planReviewSave, runReviewSave } from './reviewSave';

const approval: QueuedModeration = {
  threadId: 'a',
  status: 'approved',
  prevValue: 'Fb',
  currentValue: 'Meta',
};
const rejection: QueuedModeration = {
  threadId: 'b',
  status: 'rejected',
  prevValue: null,
  currentValue: null,
};
const queueOf = (...decisions: QueuedModeration[]): ModerationQueue =>
  queueReducer(EMPTY_QUEUE, { type: 'queue', decisions });

/** A room that records commands and refuses the ones named in `refuse`. */
function fakeRoom(refuse: Partial<Record<RoomCommandRequest['type'], string>> = {}) {
  const sent: RoomCommandRequest[] = [];
  return {
    sent,
    command: async (command: RoomCommandRequest): Promise<RoomMessage> => {
      sent.push(command);
      const reason = refuse[command.type];
      return reason ? { type: 'refused', id: 'x', reason } : { type: 'ack', id: 'x' };
    },
  };
}

describe('planReviewSave (spec 02 §4)', () => {
  it('writes only the decisions when every queued decision is a rejection and nothing was edited', () => {
    expect(planReviewSave({ queue: queueOf(rejection), isDirty: false, isConnected: true })).toEqual({
      ok: true,
      steps: ['lock', 'moderate', 'release'],
    });
  });

  it('saves the list, then the decisions, then announces the save when approvals are queued', () => {
    expect(planReviewSave({ queue: queueOf(approval, rejection), isDirty: true, isConnected: true })).toEqual(
      { ok: true, steps: ['lock', 'list', 'moderate', 'announce'] },
    );
    expect(planReviewSave({ queue: queueOf(rejection), isDirty: true, isConnected: true })).toEqual({
      ok: true,
      steps: ['lock', 'list', 'moderate', 'announce'],
    });
  });

  it('saves plain edits and announces them, and retries decisions after the list was saved', () => {
    expect(planReviewSave({ queue: EMPTY_QUEUE, isDirty: true, isConnected: true })).toEqual({
      ok: true,
      steps: ['lock', 'list', 'announce'],
    });
    expect(planReviewSave({ queue: queueOf(approval), isDirty: false, isConnected: true })).toEqual({
      ok: true,
      steps: ['lock', 'moderate', 'announce'],
    });
    expect(planReviewSave({ queue: EMPTY_QUEUE, isDirty: false, isConnected: true })).toEqual({
      ok: true,
      steps: [],
    });
  });

  it('offline, saves edits alone and holds decisions back', () => {
    expect(planReviewSave({ queue: EMPTY_QUEUE, isDirty: true, isConnected: false })).toEqual({
      ok: true,
      steps: ['list'],
    });
    expect(planReviewSave({ queue: queueOf(approval), isDirty: true, isConnected: false })).toEqual({
      ok: false,
      reason: OFFLINE_DECISIONS_MESSAGE,
    });
  });
});

describe('runReviewSave (spec 02 §4)', () => {
  it('runs every step in order with the decisions and their values', async () => {
    const room = fakeRoom();
    const saves: string[] = [];
    const result = await runReviewSave(
      ['lock', 'list', 'moderate', 'announce'],
      queueOf(approval, rejection),
      {
        command: room.command,
        saveList: async () => {
          saves.push('list');
          return true;
        },
      },
    );
    expect(result).toMatchObject({
      listSaved: true,
      decisionsSaved: true,
      error: null,
      warning: null,
      // The list's own save shows "List saved".
      success: null,
    });
    expect(result.completed).toEqual(['lock', 'list', 'moderate', 'announce']);
    expect(saves).toEqual(['list']);
    expect(room.sent).toEqual([
      { type: 'lock.take' },
      {
        type: 'thread.moderate',
        decisions: [
          { threadId: 'a', status: 'approved', prevValue: 'Fb', currentValue: 'Meta' },
          { threadId: 'b', status: 'rejected', prevValue: null, currentValue: null },
        ],
      },
      { type: 'list.saved' },
    ]);
  });

  it('does not save the list for rejections only, and releases the lock', async () => {
    const room = fakeRoom();
    let listSaves = 0;
    const result = await runReviewSave(['lock', 'moderate', 'release'], queueOf(rejection), {
      command: room.command,
      saveList: async () => {
        listSaves += 1;
        return true;
      },
    });
    expect(listSaves).toBe(0);
    expect(result).toMatchObject({ listSaved: false, decisionsSaved: true, error: null });
    expect(room.sent.map((c) => c.type)).toEqual(['lock.take', 'thread.moderate', 'lock.release']);
  });

  it('says the rejections were saved and why the last-saved time stays (issue 8 item 17)', async () => {
    const second = { ...rejection, threadId: 'c' };
    const deps = { command: fakeRoom().command, saveList: async () => true };
    const one = await runReviewSave(['lock', 'moderate', 'release'], queueOf(rejection), deps);
    expect(one.success).toBe(
      'Rejection saved. The list’s values did not change, so it keeps its last-saved time.',
    );
    const two = await runReviewSave(['lock', 'moderate', 'release'], queueOf(rejection, second), deps);
    expect(two.success).toBe(
      '2 rejections saved. The list’s values did not change, so it keeps its last-saved time.',
    );
    const refused = await runReviewSave(['lock', 'moderate', 'release'], queueOf(rejection), {
      ...deps,
      command: fakeRoom({ 'thread.moderate': 'Only approvers can approve or reject suggestions' }).command,
    });
    expect(refused.success).toBeNull();
  });

  it('confirms decisions retried after the list was saved (no list save, no "List saved")', async () => {
    const result = await runReviewSave(['lock', 'moderate', 'announce'], queueOf(approval, rejection), {
      command: fakeRoom().command,
      saveList: async () => true,
    });
    expect(result.success).toBe('2 decisions saved.');
  });

  it('stops when the lock is refused, saving nothing', async () => {
    const room = fakeRoom({ 'lock.take': 'Priya Shah is reviewing this list' });
    let listSaves = 0;
    const result = await runReviewSave(['lock', 'list', 'moderate', 'announce'], queueOf(approval), {
      command: room.command,
      saveList: async () => {
        listSaves += 1;
        return true;
      },
    });
    expect(listSaves).toBe(0);
    expect(result).toMatchObject({
      failedStep: 'lock',
      error: 'Could not save: Priya Shah is reviewing this list.',
      listSaved: false,
      decisionsSaved: false,
    });
  });

  it('stops after a failed list save (the editor reported it) and keeps the decisions', async () => {
    const room = fakeRoom();
    const result = await runReviewSave(['lock', 'list', 'moderate', 'announce'], queueOf(approval), {
      command: room.command,
      saveList: async () => false,
    });
    expect(result).toMatchObject({ failedStep: 'list', error: null, decisionsSaved: false });
    expect(room.sent.map((c) => c.type)).toEqual(['lock.take']);
  });

  it('says the list was saved but the decisions were not when moderation is refused', async () => {
    const room = fakeRoom({ 'thread.moderate': 'Only pending suggestions can be approved or rejected' });
    const result = await runReviewSave(['lock', 'list', 'moderate', 'announce'], queueOf(approval), {
      command: room.command,
      saveList: async () => true,
    });
    expect(result).toMatchObject({ failedStep: 'moderate', listSaved: true, decisionsSaved: false });
    expect(result.error).toBe(
      'The list was saved, but the approvals and rejections were not: Only pending suggestions can be approved or rejected. Save again to retry.',
    );
    expect(room.sent.map((c) => c.type)).toEqual(['lock.take', 'thread.moderate']);
  });

  it('warns when the save could not be announced, and releases the lock instead', async () => {
    const room = fakeRoom({ 'list.saved': 'The review server did not answer; try again' });
    const result = await runReviewSave(['lock', 'list', 'announce'], EMPTY_QUEUE, {
      command: room.command,
      saveList: async () => true,
    });
    expect(result).toMatchObject({ error: null, listSaved: true, decisionsSaved: true });
    expect(result.warning).toMatch(/could not be told to reload/);
    expect(room.sent.map((c) => c.type)).toEqual(['lock.take', 'list.saved', 'lock.release']);
  });
});
