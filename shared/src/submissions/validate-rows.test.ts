import { describe, expect, it } from 'vitest';
import { seededRandomInt } from '../patterns/codegen';
import type { TemplateField } from '../templates/templates.contract';
import type { SubmissionForm } from './submission-form';
import { newSubmissionRow } from './submission-form';
import { submissionMessageText } from './submission-messages';
import { FIELD, testForm, testRow } from './submissions.fixtures';
import {
  AUTONUMBER_PREVIEW_TEXT,
  compileSubmissionForm,
  type RowSources,
  validateRows,
} from './validate-rows';

const today = { year: 2026, month: 3, day: 20 };
const preview: RowSources = { today };
/** Final sources: counters start at 7 for the pattern and 100 for the serial, one number per row. */
const final: RowSources = {
  today,
  autonumber: (counterId, row) => (counterId === 203 ? 7 : 100) + row,
  randomInt: seededRandomInt(1),
  newCvId: (() => {
    let n = 0;
    return () => `row-${++n}`;
  })(),
};

const k = (id: number) => String(id);

function one(overrides: Record<number, string> = {}, sources: RowSources = preview, form = testForm()) {
  return compileSubmissionForm(form).validateRow(testRow(overrides), 0, sources);
}

function messages(result: { problems: readonly { messageId: string; fieldId: unknown }[] }) {
  return result.problems.map((p) => `${String(p.fieldId)}:${p.messageId}`);
}

describe('a valid row (issue 11 item 2)', () => {
  it('previews the code with the autonumber as "next" and fills every computed cell', () => {
    const { row, problems, provisional } = one();
    expect(problems).toEqual([]);
    expect(row[k(FIELD.channel)]).toBe('Paid Social');
    expect(row[k(FIELD.campaign)]).toBe('spring-sale');
    expect(row[k(FIELD.code)]).toBe(`Paid Social_spring-sale_${AUTONUMBER_PREVIEW_TEXT}_2026-03`);
    expect(provisional.has(k(FIELD.code))).toBe(true);
    expect(row[k(FIELD.serial)]).toBe('');
    expect(provisional.has(k(FIELD.serial))).toBe(true);
  });

  it('generates the final code with the issued autonumber and fills the hidden segment field', () => {
    const { row, problems, provisional } = one({}, final);
    expect(problems).toEqual([]);
    expect(row[k(FIELD.code)]).toBe('Paid Social_spring-sale_0007_2026-03');
    expect(row[k(FIELD.number)]).toBe('0007');
    expect(row[k(FIELD.serial)]).toBe('00100');
    expect(row[k(FIELD.cvId)]).toMatch(/^row-\d+$/);
    expect(provisional.size).toBe(0);
  });

  it('is idempotent: governing a governed row changes nothing', () => {
    const first = one({}, final);
    const again = compileSubmissionForm(testForm()).validateRow(first.row, 0, final);
    expect(again.problems).toEqual([]);
    expect(again.row).toEqual(first.row);
  });
});

describe('text fields: transformation and validation', () => {
  it('applies case and space rules before checking', () => {
    expect(one({ [FIELD.campaign]: '  Big   Summer ' }).row[k(FIELD.campaign)]).toBe('big-summer');
  });
  it('refuses a value under the minimum length', () => {
    expect(messages(one({ [FIELD.campaign]: 'a' }))).toEqual(['4:textTooShort']);
  });
  it('refuses a value over the maximum length', () => {
    expect(messages(one({ [FIELD.campaign]: 'x'.repeat(21) }))).toEqual(['4:textTooLong']);
  });
  it('refuses characters the field does not allow', () => {
    const result = one({ [FIELD.campaign]: 'spring!' });
    expect(messages(result)).toEqual(['4:textCharacters']);
    expect(submissionMessageText(result.problems[0]!.messageId, result.problems[0]!.params)).toBe(
      'Campaign: letters, digits, dashes and underscores only',
    );
  });
  it('refuses a value that does not match the regular expression as a whole', () => {
    const form = testForm();
    const campaign = form.fields.find((f) => f.id === FIELD.campaign)!;
    campaign.validation = { characters: 'any', regex: '[a-z]+-[0-9]{4}' };
    expect(messages(one({ [FIELD.campaign]: 'spring-2026' }, preview, form))).toEqual([]);
    expect(messages(one({ [FIELD.campaign]: 'spring-2026x' }, preview, form))).toEqual(['4:textPattern']);
  });
});

describe('list fields: membership, drill-down cascade, dependent fill', () => {
  it('takes the list’s spelling of a value typed in another case', () => {
    expect(one({ [FIELD.region]: 'EUROPE' }).row[k(FIELD.region)]).toBe('Europe');
  });
  it('refuses a value not in the list and suggests a near one', () => {
    const result = one({ [FIELD.channel]: 'Paid Socal' });
    expect(result.problems[0]).toMatchObject({
      fieldId: FIELD.channel,
      messageId: 'listValueDidYouMean',
      params: { value: 'Paid Socal', suggestion: 'Paid Social', list: 'Channels' },
    });
  });
  it('refuses a value with nothing near it', () => {
    expect(messages(one({ [FIELD.region]: 'Atlantis' }))).toEqual(['7:listValueUnknown']);
  });
  it('checks each value of a multi-value cell', () => {
    expect(one({ [FIELD.currencies]: 'eur, usd' }).row[k(FIELD.currencies)]).toBe('EUR,USD');
    expect(messages(one({ [FIELD.currencies]: 'EUR,YEN' }))).toEqual(['10:listValueUnknown']);
  });
  it('refuses a drill-down value that is not under the earlier column’s value', () => {
    const result = one({ [FIELD.region]: 'Europe', [FIELD.country]: 'Brazil' });
    expect(result.problems[0]).toMatchObject({
      fieldId: FIELD.country,
      messageId: 'listValueNotUnder',
      params: { parent: 'Region', parentValue: 'Europe' },
    });
  });
  it('fills the other mapped field of a dependent list from the one fitting row', () => {
    const { row, problems } = one({ [FIELD.channel]: 'Paid Search', [FIELD.source]: '' });
    expect(problems).toEqual([]);
    expect(row[k(FIELD.source)]).toBe('google');
    expect(one({ [FIELD.channel]: '', [FIELD.source]: 'newsletter' }).row[k(FIELD.channel)]).toBe('Email');
  });
  it('refuses choices of a dependent list that fit no row', () => {
    expect(messages(one({ [FIELD.channel]: 'Email', [FIELD.source]: 'tiktok' }))).toEqual([
      '9:listCombinationUnknown',
    ]);
  });
});

describe('date fields', () => {
  it('formats a picked ISO date and reads back a value in the field’s format', () => {
    expect(one({ [FIELD.start]: '2026-03-05' }).row[k(FIELD.start)]).toBe('05-03-2026');
    expect(one({ [FIELD.start]: '05-03-2026' }).row[k(FIELD.start)]).toBe('05-03-2026');
  });
  it('refuses impossible days and text that is no date', () => {
    expect(messages(one({ [FIELD.start]: '31-02-2026' }))).toEqual(['12:dateInvalid']);
    const result = one({ [FIELD.start]: 'soon' });
    expect(submissionMessageText(result.problems[0]!.messageId, result.problems[0]!.params)).toBe(
      'Start: "soon" is not a date (use YYYY-MM-DD or 21-11-2026)',
    );
  });
});

describe('constants, defaults, autofill and concatenation', () => {
  it('fills a constant whatever was typed', () => {
    expect(one({ [FIELD.brand]: 'Other' }).row[k(FIELD.brand)]).toBe('ACME');
  });
  it('fills an empty cell with the default when apply_default_value_to_empty_values is on', () => {
    expect(one().row[k(FIELD.notes)]).toBe('n/a');
    expect(one({ [FIELD.notes]: 'keep' }).row[k(FIELD.notes)]).toBe('keep');
    const form = testForm();
    form.fields.find((f) => f.id === FIELD.notes)!.apply_default_value_to_empty_values = false;
    expect(one({}, preview, form).row[k(FIELD.notes)]).toBe('');
    expect(newSubmissionRow(form)[k(FIELD.notes)]).toBe('n/a');
  });
  it('copies the autofill source and joins the concatenation’s non-empty values', () => {
    const { row } = one({ [FIELD.country]: '' }, final);
    expect(row[k(FIELD.regionCopy)]).toBe('Europe');
    expect(row[k(FIELD.key)]).toBe('Europe_Paid Social_spring-sale_0007_2026-03');
  });
  it('reports fields computed from themselves', () => {
    const form = testForm();
    const copy = form.fields.find((f) => f.id === FIELD.regionCopy)!;
    const loop: TemplateField = { ...copy, id: 99, field_id: 399, autofill: { field_id: 308 } };
    copy.autofill = { field_id: 399 };
    form.fields.push(loop);
    expect(messages(one({}, preview, form)).sort()).toEqual(['14:computedCycle', '99:computedCycle']);
  });
});

describe('link fields', () => {
  it('builds the link from the parameters with their encodings', () => {
    const { row } = one({ [FIELD.link]: 'https://www.acme.com/spring?ref=mail' }, final);
    expect(row[k(FIELD.link)]).toBe(
      'https://www.acme.com/spring?ref=mail&utm_source=tiktok&utm_medium=Paid%20Social&utm_campaign=Paid%20Social_spring-sale_0007_2026-03',
    );
  });
  it('refuses a host outside the domain restrictions and an address that is not a web address', () => {
    expect(messages(one({ [FIELD.link]: 'https://evil.example/x' }))).toEqual(['15:linkDomainNotAllowed']);
    expect(messages(one({ [FIELD.link]: 'ftp://acme.com/x' }))).toEqual(['15:linkInvalid']);
  });
});

describe('required fields, cv_id and empty rows', () => {
  it('reports a required field left empty, but not the code waiting for it', () => {
    expect(messages(one({ [FIELD.region]: '' }))).toEqual(['7:required']);
    expect(messages(one({ [FIELD.campaign]: '' }))).toEqual(['4:required']);
  });
  it('keeps a valid cv_id and refuses one that is not an identifier', () => {
    expect(one({ [FIELD.cvId]: 'abc-123' }, final).row[k(FIELD.cvId)]).toBe('abc-123');
    expect(messages(one({ [FIELD.cvId]: 'a b' }))).toEqual(['1:cvIdInvalid']);
  });
  it('answers one rowEmpty problem for a row with nothing entered', () => {
    const result = compileSubmissionForm(testForm()).validateRow({}, 3, preview);
    expect(result.problems).toEqual([{ row: 3, fieldId: null, messageId: 'rowEmpty', params: {} }]);
  });
});

describe('must_be_unique', () => {
  const form: SubmissionForm = testForm();
  const sameNumber: RowSources = { ...final, autonumber: () => 7 };
  it('refuses a value repeated within the submission, naming the first row', () => {
    const result = validateRows(form, [testRow(), testRow()], sameNumber);
    expect(result.problems).toEqual([
      expect.objectContaining({
        row: 1,
        fieldId: FIELD.key,
        messageId: 'notUniqueInSubmission',
        params: expect.objectContaining({ otherRow: 1 }),
      }),
    ]);
  });
  it('refuses a value the dataset already holds', () => {
    const result = validateRows(form, [testRow()], {
      ...final,
      isTaken: (key, value) => key === k(FIELD.key) && value.startsWith('Europe_France'),
    });
    expect(messages(result)).toEqual(['13:alreadyTaken']);
  });
  it('does not check preview values, which are not final', () => {
    expect(validateRows(form, [testRow(), testRow()], preview).problems).toEqual([]);
  });
  it('governs a value the same in every row that holds it, however often it repeats', () => {
    // One compiled form remembers what each cell value made; each row still gets its own problems.
    const variants: Record<number, string>[] = [
      {},
      { [FIELD.channel]: 'Paid Socal' },
      { [FIELD.region]: 'EUROPE', [FIELD.country]: 'Brazil' },
      { [FIELD.channel]: 'Email', [FIELD.source]: 'tiktok' },
      { [FIELD.channel]: 'Paid Search', [FIELD.source]: '' },
      { [FIELD.start]: '2026-02-30', [FIELD.campaign]: 'x' },
    ];
    const rows = Array.from({ length: 60 }, (_, i) => testRow(variants[i % variants.length]));
    const compiled = compileSubmissionForm(form);
    rows.forEach((row, i) => {
      const again = compiled.validateRow(row, i, preview);
      const alone = compileSubmissionForm(form).validateRow(row, i, preview);
      expect(again).toEqual(alone);
      if (i % variants.length !== 0 && i % variants.length !== 4)
        expect(again.problems.length).toBeGreaterThan(0);
    });
  });
  it('validates 5,000 rows in one pass, each with its own code', () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => testRow({ [FIELD.campaign]: `c${i}` }));
    const result = validateRows(form, rows, final);
    expect(result.problems).toEqual([]);
    expect(new Set(result.rows.map((r) => r[k(FIELD.code)])).size).toBe(5_000);
  });
});
