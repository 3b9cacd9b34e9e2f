import { type Kysely, sql } from 'kysely';

/**
 * Pattern colours never read as errors (spec 02 §9 palette; the editor marks errors in red): the
 * palette's two reds, #ef4444 and #b91c1c, became slate #64748b and #334155 at the same places,
 * and its two roses, #f43f5e and #be123c, stone #78716c and #57534e.
 * Patterns (`fields.settings.color` of pattern fields) and template fields (`template_fields.color`)
 * stored with a red take its replacement. Frozen: the colours are spelled here, not imported.
 * Down leaves the colours as they are (the slates are palette colours either way).
 */
const REPLACED: readonly (readonly [string, string])[] = [
  ['#ef4444', '#64748b'],
  ['#b91c1c', '#334155'],
  ['#f43f5e', '#78716c'],
  ['#be123c', '#57534e'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [red, replacement] of REPLACED) {
    await sql`update fields set settings = jsonb_set(settings, '{color}', to_jsonb(${replacement}::text))
      where lower(settings->>'color') = ${red}`.execute(db);
    await sql`update template_fields set color = ${replacement} where lower(color) = ${red}`.execute(db);
  }
}

export async function down(_db: Kysely<any>): Promise<void> {
  // Nothing to undo: which slate was once red is not known, and both are palette colours.
}
