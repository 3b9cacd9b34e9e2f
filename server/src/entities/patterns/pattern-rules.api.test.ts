import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminContext, type SignedIn, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
});
afterAll(() => ctx?.close());

const market = {
  id: 'TEMP_1',
  segment_type: 'constant',
  name: 'Market',
  constant_value: 'US',
  segment_precedence: 0,
};

describe('PUT /api/v1/account/field/ (issue 8 item 22: a pattern holds at least one segment)', () => {
  it('answers 400 "Add at least one segment" for a new pattern without segments and creates nothing', async () => {
    const res = await admin
      .put('/api/v1/account/field/')
      .send({ id: null, name: 'Empty code', delimiter: '_', segments: [] });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: 'body.segments', message: 'Add at least one segment' });
    const names = (await admin.get('/api/v1/account/field/patterns')).body.data.map(
      (p: { name: string }) => p.name,
    );
    expect(names).not.toContain('Empty code');
  });

  it('answers 400 when a save would remove every segment, and keeps the stored ones', async () => {
    const created = await admin
      .put('/api/v1/account/field/')
      .send({ id: null, name: 'Market code', delimiter: '_', segments: [market] });
    expect(created.status).toBe(200);
    const { pattern } = created.body;
    const res = await admin.put('/api/v1/account/field/').send({ ...pattern, segments: [] });
    expect(res.status).toBe(400);
    expect((await admin.get(`/api/v1/account/field/${pattern.id}`)).body.pattern).toEqual(pattern);
  });
});
