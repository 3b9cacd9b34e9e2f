import { describe, expect, it } from 'vitest';
import { listDeltaSchema } from '../lists/lists.contract';
import { INT4_MAX, idParamSchema, idSchema, isSafeText, requiredName, text } from './schemas';

describe('text (issue 8 item 13)', () => {
  it('refuses U+0000 and lone surrogates anywhere, with one message', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udbff', '\udc00y', 'a\udc00\ud800b']) {
      const result = text(100).safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toContain('U+0000');
    }
  });

  it('keeps surrogate pairs, other control characters and ordinary text', () => {
    for (const good of ['', 'Rocket 🚀', '\ud83d\ude80', 'tab\tnew\nline', 'Ünïcödé']) {
      expect(text(100).parse(good)).toBe(good);
      expect(isSafeText(good)).toBe(true);
    }
  });

  it('applies to the shared name schema, naming the field', () => {
    expect(requiredName.safeParse('Bad\u0000').success).toBe(false);
    expect(requiredName.parse('  Good  ')).toBe('Good');
  });
});

describe('ids (issue 8 item 12)', () => {
  it('bounds body ids to the integer column', () => {
    expect(idSchema.parse(INT4_MAX)).toBe(INT4_MAX);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 2 ** 53 - 1, 1e308, Number.NaN, '1']) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('bounds path ids the same way', () => {
    expect(idParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const bad of ['2147483648', '9007199254740991', '1e308', '0', 'abc', '']) {
      expect(idParamSchema.safeParse({ id: bad }).success, bad).toBe(false);
    }
  });
});

describe('listDeltaSchema (issue 8 item 11)', () => {
  it('names an id both changed and deleted, and ids sent twice', () => {
    const result = listDeltaSchema.safeParse({
      updated_at: '2026-01-01T00:00:00.000Z',
      columns: { deleted_ids: [3, 3] },
      values: { upsert: [{ id: 7, list_column_id: 1, row_number: 0, value: 'x' }], deleted_ids: [7] },
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['columns.deleted_ids.1', 'values.deleted_ids.0']));
  });
});

describe('contract bodies stay objects screens can derive forms from', () => {
  it('lets the new-list form pick fields of the list save', async () => {
    const { listSaveSchema } = await import('../lists/lists.contract');
    const picked = listSaveSchema.pick({ name: true, notes: true, type: true });
    expect(picked.parse({ name: ' Channels ', type: 'drop-down' })).toEqual({
      name: 'Channels',
      notes: '',
      type: 'drop-down',
    });
  });
});

describe('passwords (issue 8 item 13)', () => {
  it('refuses a lone surrogate rather than hashing a replacement character', async () => {
    const { passwordSchema } = await import('../auth/auth.contract');
    expect(passwordSchema.safeParse('secret-\ud800-word').success).toBe(false);
    expect(passwordSchema.parse('secret-🚀-word')).toBe('secret-🚀-word');
  });
});
