import { draftRoomName } from '@nomen/shared';
import type { DraftDoc } from '@nomen/shared/draft-room';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendRoomUpdate } from './draft-room.repository';
import { loadRoomDoc } from './draft-room.service';
import { draftWorld } from './drafts.fixtures';

let w: Awaited<ReturnType<typeof draftWorld>>;
/** Every NOTIFY payload on `nomen_collab` since the tests started (what collab servers hear). */
const notices: string[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  w = await draftWorld();
  stopListening = await w.ctx.handle.listen('nomen_collab', (payload) => notices.push(payload));
});
afterAll(async () => {
  await stopListening();
  await w.ctx.close();
});

/** Waits (up to 5 s) until a NOTIFY `payload` on `nomen_collab` has been heard. */
async function heard(payload: object): Promise<void> {
  const text = JSON.stringify(payload);
  const deadline = Date.now() + 5000;
  while (!notices.some((n) => JSON.stringify(JSON.parse(n)) === text)) {
    if (Date.now() > deadline) throw new Error(`no NOTIFY ${text}; heard ${notices.join(' ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Shares a new draft of `rows` with the invitee; answers its id and room name. */
async function sharedDraft(rows?: Record<string, string>[]) {
  const id = await w.draft(rows);
  const res = await w.owner.agent
    .put(`/api/v1/account/submissions/${id}/sharing`)
    .send({ everyone: false, user_ids: [w.invitee.id] });
  if (res.status !== 200) throw new Error(`share: ${res.status} ${JSON.stringify(res.body)}`);
  return { id, room: { name: draftRoomName(w.account.uuid, id), submissionId: id, accountId: w.account.id } };
}

/**
 * Changes the stored room as the collab server does for an acknowledged command: loads it, applies
 * `change` through DraftDoc, appends the update with the Draft check. Answers whether it was stored.
 */
async function collabCommand(
  room: { name: string; submissionId: number; accountId: number },
  change: (draft: DraftDoc) => void,
): Promise<boolean> {
  const draft = await loadRoomDoc(w.ctx.deps.db, room.name);
  let update: Uint8Array | null = null;
  draft.doc.on('updateV2', (u: Uint8Array) => {
    update = u;
  });
  draft.doc.transact(() => change(draft));
  if (!update) throw new Error('the command changed nothing');
  return appendRoomUpdate(w.ctx.deps.db, room, update);
}

const field = (name: string) => String(w.template.fields[name]);

describe('PUT /api/v1/account/submissions/:id of a shared draft (submit false)', () => {
  it("merges into the room: another person's stored edit and the save's cells and new row are all there", async () => {
    const { id, room } = await sharedDraft();
    const first = (await loadRoomDoc(w.ctx.deps.db, room.name)).rows()[0]!;
    expect(
      await collabCommand(room, (d) =>
        d.setCells([{ row: first.id, field: field('Campaign'), value: 'Live edit' }]),
      ),
    ).toBe(true);
    // The invitee's REST save gives other cells of row 0 (and Summer as it is) and a new row.
    const saved = await w.invitee.agent.put(`/api/v1/account/submissions/${id}`).send({
      name: 'Team draft v2',
      rows: [{ [field('Country')]: 'Germany' }, w.row('Summer'), w.row('Autumn', 'Americas', 'Brazil')],
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Team draft v2', row_count: 3, shared: true });
    const got = await w.owner.agent.get(`/api/v1/account/submissions/${id}`);
    expect(got.body.rows.map((r: { data: Record<string, string> }) => r.data)).toEqual([
      { ...w.row('Live edit'), [field('Country')]: 'Germany' },
      w.row('Summer'),
      w.row('Autumn', 'Americas', 'Brazil'),
    ]);
    expect(got.body.rows[0].cv_id).toBe(first.id);
    expect(got.body.history.at(-1)).toMatchObject({ action: 'saved', user: { id: w.invitee.id } });
    await heard({ room: room.name });
  });

  it("never removes others' rows: rows beyond the save's are kept", async () => {
    const { id } = await sharedDraft([w.row('One'), w.row('Two'), w.row('Three')]);
    const saved = await w.owner.agent
      .put(`/api/v1/account/submissions/${id}`)
      .send({ name: 'Team draft', rows: [w.row('Uno')] });
    expect(saved.status).toBe(200);
    const got = await w.owner.agent.get(`/api/v1/account/submissions/${id}`);
    expect(got.body.rows.map((r: { data: Record<string, string> }) => r.data[field('Campaign')])).toEqual([
      'Uno',
      'Two',
      'Three',
    ]);
  });

  it('answers 404 to someone not in the draft', async () => {
    const { id } = await sharedDraft();
    const res = await w.colleague.agent
      .put(`/api/v1/account/submissions/${id}`)
      .send({ name: 'Mine now', rows: [] });
    expect(res.status).toBe(404);
  });
});

describe('PUT /api/v1/account/submissions/:id of a shared draft (submit true)', () => {
  it("submits the room's rows once, issues codes and closes the room; later edits are refused", async () => {
    const { id, room } = await sharedDraft([w.row('Alpha'), w.row('Beta')]);
    const rows = (await loadRoomDoc(w.ctx.deps.db, room.name)).rows();
    await collabCommand(room, (d) => {
      d.setCells([{ row: rows[1]!.id, field: field('Campaign'), value: 'Gamma' }]);
      d.insertRows(rows[1]!.id, [{ id: 'row-live-0001', cells: w.row('Delta', 'Americas', 'Brazil') }]);
    });
    const res = await w.invitee.agent
      .put(`/api/v1/account/submissions/${id}`)
      .send({ name: 'Team launch', rows: [], submit: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'Submitted', row_count: 3, submitter: { id: w.owner.id } });
    const got = await w.owner.agent.get(`/api/v1/account/submissions/${id}`);
    const codes = got.body.rows.map((r: { data: Record<string, string> }) => r.data[field('code')]);
    expect(codes).toEqual([
      expect.stringMatching(/^Alpha_\d{4}$/),
      expect.stringMatching(/^Gamma_\d{4}$/),
      expect.stringMatching(/^Delta_\d{4}$/),
    ]);
    expect(got.body.history.at(-1)).toMatchObject({ action: 'submitted', user: { id: w.invitee.id } });
    const stored = await w.ctx.deps.db
      .selectFrom('submission_rows')
      .select(['from_commit', 'to_commit'])
      .where('submission_id', '=', id)
      .execute();
    expect(stored).toHaveLength(3);
    expect(stored.every((r) => r.from_commit === got.body.commit_id && r.to_commit === null)).toBe(true);
    await heard({ submission: id });
    const closed = await loadRoomDoc(w.ctx.deps.db, room.name);
    expect(closed.meta()).toMatchObject({
      status: 'closed',
      closedByName: w.invitee.name,
      submissionStatus: 'Submitted',
    });
    expect(
      await collabCommand(room, (d) =>
        d.setCells([{ row: rows[0]!.id, field: field('Campaign'), value: 'Late' }]),
      ),
    ).toBe(false);
    const again = await w.owner.agent
      .put(`/api/v1/account/submissions/${id}`)
      .send({ name: 'Team launch', rows: [w.row('Late')] });
    expect(again.status).toBe(409);
  });

  it('leaves out rows of the room that hold nothing typed, as the table does', async () => {
    const { id, room } = await sharedDraft([w.row('Alpha')]);
    const [first] = (await loadRoomDoc(w.ctx.deps.db, room.name)).rows();
    await collabCommand(room, (d) => {
      d.insertRows(first!.id, [
        { id: 'row-blank-0001', cells: {} },
        { id: 'row-blank-0002', cells: { [field('Campaign')]: '   ' } },
      ]);
    });
    expect((await loadRoomDoc(w.ctx.deps.db, room.name)).rowCount()).toBe(3);
    const res = await w.owner.agent
      .put(`/api/v1/account/submissions/${id}`)
      .send({ name: 'Team draft', rows: [], submit: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.row_count).toBe(1);
  });

  it('refuses a room row that breaks a rule with 400 naming it, and keeps the room open', async () => {
    const { id, room } = await sharedDraft([w.row('Fine'), w.row('Bad', 'Europe', 'Atlantis')]);
    const res = await w.owner.agent
      .put(`/api/v1/account/submissions/${id}`)
      .send({ name: 'Team draft', rows: [], submit: true });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toMatch(/^body\.rows\.1\./);
    expect((await loadRoomDoc(w.ctx.deps.db, room.name)).meta().status).toBe('open');
    expect((await w.owner.agent.get(`/api/v1/account/submissions/${id}`)).body.status).toBe('Draft');
  });
});
