import { draftRoomName } from '@nomen/shared';
import { DraftDoc } from '@nomen/shared/draft-room';
import { verifyCollabToken } from '@nomen/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoomDoc } from './draft-room.service';
import { draftWorld } from './drafts.fixtures';

let w: Awaited<ReturnType<typeof draftWorld>>;

beforeAll(async () => {
  w = await draftWorld();
});
afterAll(() => w.ctx.close());

const sharingPath = (id: number) => `/api/v1/account/submissions/${id}/sharing`;

describe('PUT /api/v1/account/submissions/:id/sharing', () => {
  it('shares a draft by name (the owner in the list ignored) and seeds its room from the rows', async () => {
    const id = await w.draft();
    const res = await w.owner.agent
      .put(sharingPath(id))
      .send({ everyone: false, user_ids: [w.invitee.id, w.owner.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      everyone: false,
      people: [{ id: w.invitee.id, name: w.invitee.name, email: w.invitee.email }],
    });
    const read = await w.invitee.agent.get(sharingPath(id));
    expect(read.status).toBe(200);
    expect(read.body.people.map((p: { id: number }) => p.id)).toEqual([w.invitee.id]);
    const room = await loadRoomDoc(w.ctx.deps.db, draftRoomName(w.account.uuid, id));
    expect(room.meta().status).toBe('open');
    expect(room.rows().map((r) => r.cells)).toEqual([w.row('Spring'), w.row('Summer')]);
    const got = await w.invitee.agent.get(`/api/v1/account/submissions/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.shared).toBe(true);
    expect(got.body.rows.map((r: { cv_id: string }) => r.cv_id)).toEqual(room.rows().map((r) => r.id));
    expect(got.body.rows[1].data).toEqual(w.row('Summer'));
    expect((await w.colleague.agent.get(`/api/v1/account/submissions/${id}`)).status).toBe(404);
  });

  it('shares a draft with everyone who may use the template, and nobody else', async () => {
    const id = await w.draft();
    const res = await w.owner.agent.put(sharingPath(id)).send({ everyone: true, user_ids: [] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ everyone: true, people: [] });
    expect((await w.colleague.agent.get(`/api/v1/account/submissions/${id}`)).status).toBe(200);
    expect((await w.outsider.agent.get(`/api/v1/account/submissions/${id}`)).status).toBe(404);
    expect((await w.outsider.agent.get(sharingPath(id))).status).toBe(404);
    const activity = await w.admin.get(
      `/api/v1/account/activities?configuredObject=submission&operation=updated`,
    );
    expect(activity.status, JSON.stringify(activity.body)).toBe(200);
    expect(JSON.stringify(activity.body)).toContain('shared_with_everyone');
  });

  it('refuses a user who may not use the template, naming the field, and changes nothing', async () => {
    const id = await w.draft();
    const res = await w.owner.agent
      .put(sharingPath(id))
      .send({ everyone: false, user_ids: [w.invitee.id, w.outsider.id] });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'body.user_ids.1', message: expect.any(String) }]);
    const otherAccountUser = await w.owner.agent
      .put(sharingPath(id))
      .send({ everyone: false, user_ids: [w.other.admin.id] });
    expect(otherAccountUser.status).toBe(400);
    expect(otherAccountUser.body.issues[0].path).toBe('body.user_ids.0');
    expect((await w.owner.agent.get(sharingPath(id))).body).toEqual({ everyone: false, people: [] });
  });

  it("answers 404 for another account's submission and for an unknown id", async () => {
    const id = await w.draft();
    expect((await w.otherAdmin.get(sharingPath(id))).status).toBe(404);
    expect((await w.otherAdmin.put(sharingPath(id)).send({ everyone: true, user_ids: [] })).status).toBe(404);
    expect((await w.otherAdmin.post(`/api/v1/account/submissions/${id}/collab-token`)).status).toBe(404);
    expect((await w.otherAdmin.get(`/api/v1/account/submissions/${id}/share-candidates`)).status).toBe(404);
    expect((await w.owner.agent.get(sharingPath(2_000_000_000))).status).toBe(404);
  });

  it('lets only the owner change the sharing: 403 for a person in the draft, 404 for others', async () => {
    const id = await w.draft();
    await w.owner.agent.put(sharingPath(id)).send({ everyone: false, user_ids: [w.invitee.id] });
    const byInvitee = await w.invitee.agent.put(sharingPath(id)).send({ everyone: true, user_ids: [] });
    expect(byInvitee.status).toBe(403);
    const byColleague = await w.colleague.agent.put(sharingPath(id)).send({ everyone: true, user_ids: [] });
    expect(byColleague.status).toBe(404);
    expect((await w.owner.agent.get(sharingPath(id))).body.everyone).toBe(false);
  });

  it('answers 409 once the draft is submitted', async () => {
    const id = await w.draft();
    const submitted = await w.owner.agent
      .put(`/api/v1/account/submissions/${id}`)
      .send({ name: 'Team draft', rows: [w.row('Autumn')], submit: true });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await w.owner.agent.put(sharingPath(id)).send({ everyone: true, user_ids: [] })).status).toBe(
      409,
    );
  });

  it('never answers 500 to a malformed body', async () => {
    const id = await w.draft();
    const bodies: unknown[] = [
      {},
      { everyone: true },
      { user_ids: [] },
      { everyone: 'yes', user_ids: [] },
      { everyone: true, user_ids: 'all' },
      { everyone: true, user_ids: [0] },
      { everyone: true, user_ids: [-1] },
      { everyone: true, user_ids: [1.5] },
      { everyone: true, user_ids: [2 ** 31] },
      { everyone: true, user_ids: [null] },
      { everyone: true, user_ids: ['7'] },
      { everyone: true, user_ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      [null],
      'text',
    ];
    for (const body of bodies) {
      const res = await w.owner.agent.put(sharingPath(id)).send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET /api/v1/account/submissions/:id/share-candidates', () => {
  it('answers the users who may use the template, the owner left out, by name', async () => {
    const id = await w.draft();
    const res = await w.owner.agent.get(`/api/v1/account/submissions/${id}/share-candidates`);
    expect(res.status).toBe(200);
    const names = res.body.data.map((u: { name: string }) => u.name);
    expect(names).toEqual(['Ada Admin', 'Carla Colleague', 'Ivan Invitee']);
    expect((await w.invitee.agent.get(`/api/v1/account/submissions/${id}/share-candidates`)).status).toBe(
      404,
    );
    await w.owner.agent.put(sharingPath(id)).send({ everyone: false, user_ids: [w.invitee.id] });
    expect((await w.invitee.agent.get(`/api/v1/account/submissions/${id}/share-candidates`)).status).toBe(
      200,
    );
  });
});

describe('GET /api/v1/account/submissions?scope=shared', () => {
  it('lists a shared draft for the people in it and its owner, not for others', async () => {
    const id = await w.draft();
    await w.owner.agent.put(sharingPath(id)).send({ everyone: false, user_ids: [w.invitee.id] });
    const ids = async (agent: typeof w.admin) => {
      const res = await agent.get('/api/v1/account/submissions?scope=shared');
      expect(res.status).toBe(200);
      return res.body.data.map((s: { id: number }) => s.id);
    };
    expect(await ids(w.invitee.agent)).toContain(id);
    expect(await ids(w.owner.agent)).toContain(id);
    expect(await ids(w.colleague.agent)).not.toContain(id);
    expect(await ids(w.outsider.agent)).not.toContain(id);
    const listed = (await w.invitee.agent.get('/api/v1/account/submissions?scope=shared')).body.data.find(
      (s: { id: number }) => s.id === id,
    );
    expect(listed).toMatchObject({
      shared: true,
      shared_with: { everyone: false, people: [{ id: w.invitee.id, name: w.invitee.name }] },
      submitter: { id: w.owner.id },
    });
  });
});

describe('POST /api/v1/account/submissions/:id/collab-token', () => {
  it('issues a draft-room token to the owner and the people in it; 404 for anyone else', async () => {
    const id = await w.draft();
    const tokenPath = `/api/v1/account/submissions/${id}/collab-token`;
    expect((await w.owner.agent.post(tokenPath)).status).toBe(404);
    await w.owner.agent.put(sharingPath(id)).send({ everyone: false, user_ids: [w.invitee.id] });
    for (const person of [w.owner, w.invitee]) {
      const res = await person.agent.post(tokenPath);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.room).toBe(draftRoomName(w.account.uuid, id));
      const claims = verifyCollabToken(res.body.token, w.ctx.deps.config.secretKey);
      expect(claims).toMatchObject({ uid: person.id, sub: id, approver: false, acc: w.account.uuid });
      expect(claims.list).toBeUndefined();
    }
    expect((await w.colleague.agent.post(tokenPath)).status).toBe(404);
    expect((await w.outsider.agent.post(tokenPath)).status).toBe(404);
  });

  it('answers 404 to a person in the draft who may no longer use the template', async () => {
    const id = await w.draft();
    await w.owner.agent.put(sharingPath(id)).send({ everyone: true, user_ids: [w.colleague.id] });
    await w.setGroupUsers([w.owner, w.invitee]);
    try {
      expect((await w.colleague.agent.post(`/api/v1/account/submissions/${id}/collab-token`)).status).toBe(
        404,
      );
      expect((await w.colleague.agent.get(`/api/v1/account/submissions/${id}`)).status).toBe(404);
    } finally {
      await w.setGroupUsers([w.owner, w.invitee, w.colleague]);
    }
  });
});

describe('the room of a draft shared with nobody again', () => {
  it('is written back to the draft, which then reads as an unshared draft', async () => {
    const id = await w.draft();
    await w.owner.agent.put(sharingPath(id)).send({ everyone: true, user_ids: [] });
    const name = draftRoomName(w.account.uuid, id);
    const room = await loadRoomDoc(w.ctx.deps.db, name);
    expect(new DraftDoc(room.doc).rowCount()).toBe(2);
    const saved = await w.colleague.agent
      .put(`/api/v1/account/submissions/${id}`)
      .send({ name: 'Team draft', rows: [{}, {}, w.row('Winter')] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const unshared = await w.owner.agent.put(sharingPath(id)).send({ everyone: false, user_ids: [] });
    expect(unshared.status).toBe(200);
    const stored = await w.ctx.deps.db
      .selectFrom('collab_documents')
      .select('name')
      .where('name', '=', name)
      .execute();
    expect(stored).toEqual([]);
    const got = await w.owner.agent.get(`/api/v1/account/submissions/${id}`);
    expect(got.body.shared).toBe(false);
    expect(got.body.row_count).toBe(3);
    expect(got.body.rows).toEqual([
      { row_number: 0, cv_id: '', data: w.row('Spring'), commit_id: null },
      { row_number: 1, cv_id: '', data: w.row('Summer'), commit_id: null },
      { row_number: 2, cv_id: '', data: w.row('Winter'), commit_id: null },
    ]);
    expect((await w.colleague.agent.get(`/api/v1/account/submissions/${id}`)).status).toBe(404);
  });
});
