import type { RoomMessage } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { CommandOutbox, OUTBOX_FAILED_MESSAGE } from './CommandOutbox';
import type { RoomCommandRequest, RoomStatus } from './ListRoomClient';

function fakeRoom(initial: RoomStatus) {
  const room = {
    state: initial as RoomStatus,
    sent: [] as RoomCommandRequest[],
    status: () => room.state,
    command: async (command: RoomCommandRequest): Promise<RoomMessage> => {
      room.sent.push(command);
      return { type: 'ack', id: String(room.sent.length), threadId: `t${room.sent.length}` };
    },
  };
  return room;
}

const comment = (body: string) => ({ type: 'comment.add' as const, cell: null, body });

describe('CommandOutbox (issue 4 §8: comments written offline are sent when the connection is back)', () => {
  it('sends straight away while connected', async () => {
    const room = fakeRoom('connected');
    const outbox = new CommandOutbox(room);
    expect(await outbox.send(comment('hello'))).toMatchObject({ type: 'ack', threadId: 't1' });
    expect(outbox.getEntries()).toEqual([]);
  });

  it('holds commands while offline and sends them in order once connected', async () => {
    const room = fakeRoom('offline');
    const outbox = new CommandOutbox(room);
    let changes = 0;
    outbox.subscribe(() => {
      changes += 1;
    });
    const first = outbox.send(comment('one'));
    const second = outbox.send({ type: 'comment.reply', threadId: 't0', body: 'two' });
    expect(outbox.getEntries().map((e) => e.command.type)).toEqual(['comment.add', 'comment.reply']);
    await outbox.flush();
    expect(room.sent).toEqual([]);
    room.state = 'connected';
    await outbox.flush();
    expect(await first).toMatchObject({ type: 'ack', threadId: 't1' });
    expect(await second).toMatchObject({ type: 'ack', threadId: 't2' });
    expect(room.sent.map((c) => c.type)).toEqual(['comment.add', 'comment.reply']);
    expect(outbox.getEntries()).toEqual([]);
    expect(changes).toBeGreaterThanOrEqual(3);
  });

  it('refuses what it holds when the room cannot be joined at all', async () => {
    const room = fakeRoom('connecting');
    const outbox = new CommandOutbox(room);
    const held = outbox.send(comment('one'));
    room.state = 'failed';
    await outbox.flush();
    expect(await held).toEqual({ type: 'refused', id: null, reason: OUTBOX_FAILED_MESSAGE });
    expect(await outbox.send(comment('two'))).toMatchObject({ type: 'refused' });
  });
});
