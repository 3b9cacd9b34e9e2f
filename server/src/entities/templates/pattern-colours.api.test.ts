import { addPatternField, newTemplate, PATTERN_PALETTE, type Pattern } from '@nomen/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as movePatternColours } from '../../db/migrations/0024_pattern_colours';
import { type AdminContext, createAdminContext } from '../../test/test-context';

// A pattern's colour dot never reads as an error (spec 02 §9 palette): migration 0024 moves
// patterns and template fields stored in the palette's former reds to the slates that replaced
// them. Runs on PostgreSQL (api) and on the embedded database (api-embedded), where it was also
// applied with every other migration when the test database was made.

let c: AdminContext;

beforeAll(async () => {
  c = await createAdminContext();
});
afterAll(() => c.ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);

describe('migration 0024: pattern colours', () => {
  it('moves patterns and template fields stored in red to the slates that replaced them', async () => {
    const { admin } = c;
    const saved = await admin.put('/api/v1/account/field/').send({
      id: null,
      name: `Campaign code ${unique()}`,
      description: '',
      delimiter: '_',
      segments: [
        {
          id: 'TEMP_c',
          segment_type: 'constant',
          name: 'Brand',
          constant_value: 'ACME',
          segment_precedence: 0,
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const pattern = saved.body.pattern as Pattern;
    const folder = await admin
      .put('/api/v1/account/folder')
      .send({ name: `Folder ${unique()}`, description: '' });
    const draft = addPatternField(
      {
        ...newTemplate({ templateName: 'Colours', now: new Date() }),
        name: `Colours ${unique()}`,
        folder_id: folder.body.folder.id,
      },
      pattern,
    );
    const created = await admin.put('/api/v1/account/template/').send(draft);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const templateId = created.body.id as number;

    // As stored before the palette lost its reds.
    const db = c.ctx.deps.db;
    await sql`update fields set settings = jsonb_set(settings, '{color}', '"#ef4444"') where id = ${pattern.id}`.execute(
      db,
    );
    await sql`update template_fields set color = '#b91c1c' where template_id = ${templateId} and field_id = ${pattern.id}`.execute(
      db,
    );

    await movePatternColours(db);

    const read = await admin.get(`/api/v1/account/field/${pattern.id}`);
    expect(read.status).toBe(200);
    expect(read.body.color ?? read.body.pattern?.color).toBe('#64748b');
    const template = await admin.get(`/api/v1/account/template/${templateId}`);
    const patternField = template.body.template_fields.find(
      (tf: { field_id: number }) => tf.field_id === pattern.id,
    );
    expect(patternField.color).toBe('#334155');
    expect(PATTERN_PALETTE).toContain(patternField.color);
    // Applied again, it changes nothing (the reds are gone).
    await movePatternColours(db);
    expect((await admin.get(`/api/v1/account/template/${templateId}`)).body.template_fields).toEqual(
      template.body.template_fields,
    );
  });
});
