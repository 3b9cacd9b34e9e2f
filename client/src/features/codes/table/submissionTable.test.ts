import {
  AUTONUMBER_PREVIEW_TEXT,
  compileSubmissionForm,
  type SubmissionForm,
  type TemplateFieldInput,
  templateFieldSchema,
  utcCalendarDate,
} from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { setCell } from '../../lists/grid/gridData';
import type { GridData } from '../../lists/grid/gridTypes';
import { placePaste } from '../../lists/grid/paste';
import { parseTsv } from '../../lists/grid/tsv';
import {
  autoHighlight,
  cellProblemText,
  editedRows,
  editProblemsOnTable,
  filledRows,
  fillNewRows,
  isBlankRow,
  listOptions,
  listSources,
  nextErrorCell,
  tableColumns,
  tableData,
  uniquenessQuestions,
  validateTable,
} from './submissionTable';

const PATTERN = 500;

function field(id: number, name: string, input: Partial<TemplateFieldInput> = {}) {
  const fieldId = (input.field_id as number | undefined) ?? id + 100;
  return templateFieldSchema.parse({
    id,
    field_id: fieldId,
    precedence: id,
    ...input,
    field: {
      id: fieldId,
      name,
      governance_type: input.governance_type ?? null,
      ...(input.field ?? {}),
    },
  });
}

/**
 * A form with one field of each governance type the table edits: a pattern (list channel, text
 * campaign, hidden autonumber), region and country on a drill-down list, a validated text, a
 * constant, a defaulted note, a date, a unique concatenation, an autofill and the hidden cv_id.
 */
function form(): SubmissionForm {
  const segment = (id: number, segmentId: number, name: string, extra: Partial<TemplateFieldInput>) =>
    field(id, name, {
      field_id: segmentId,
      ...extra,
      field: {
        id: segmentId,
        name,
        governance_type: extra.governance_type ?? null,
        segment_parent_field_id: PATTERN,
        segment_id: segmentId,
      },
    });
  return {
    template_id: 7,
    template_name: 'Display',
    rollup_dataset_id: 3,
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
    fields: [
      field(1, 'cv_id', { governance_type: 'cv_id', visible_on_form: false }),
      field(2, 'Code', {
        field_id: PATTERN,
        governance_type: 'pattern',
        field: { id: PATTERN, name: 'Code', governance_type: 'pattern', is_pattern: true },
      }),
      segment(3, 501, 'Channel', {
        governance_type: 'list',
        required: true,
        list_governance: { list_id: 10, list_column_id: 11 },
      }),
      segment(4, 502, 'Campaign', {
        governance_type: 'text',
        required: true,
        validation: { min_length: 2, max_length: 12, characters: 'alphanumeric_dash_underscore' },
        transformation: { case: 'lowercase', spaces: 'dash', trim: true },
      }),
      segment(5, 503, 'Number', { governance_type: 'autonumber', visible_on_form: false }),
      field(6, 'Region', {
        governance_type: 'list',
        required: true,
        list_governance: { list_id: 1, list_column_id: 2 },
      }),
      field(7, 'Country', { governance_type: 'list', list_governance: { list_id: 1, list_column_id: 3 } }),
      field(8, 'Brand', { governance_type: 'constant', constant_value: 'ACME' }),
      field(9, 'Notes', { governance_type: 'text', default_value: 'n/a' }),
      field(10, 'Launch', {
        governance_type: 'date',
        date: { order: 'D|M|Y', years: '0000-9999', months: '01-12', days: '01-31', delimiter: '-' },
      }),
      field(11, 'Key', {
        governance_type: 'concatenation',
        must_be_unique: true,
        concatenation_governance: { field_ids: [106, 107], delimiter: '_' },
      }),
      field(12, 'Region copy', { governance_type: 'autofill', autofill: { field_id: 106 } }),
    ],
    parameters: [],
    patterns: [
      {
        field_id: PATTERN,
        name: 'Code',
        delimiter: '_',
        must_be_unique: false,
        segments: [
          { id: 501, name: 'Channel', segment_precedence: 0, segment_type: 'variable', data_type: 'list' },
          { id: 502, name: 'Campaign', segment_precedence: 1, segment_type: 'variable', data_type: 'text' },
          {
            id: 503,
            name: 'Number',
            segment_precedence: 2,
            segment_type: 'autonumber',
            start_value: 1,
            min_width: 4,
          },
        ],
      },
    ],
    lists: [
      {
        id: 1,
        name: 'Countries',
        type: 'drill-down',
        columns: [
          { id: 2, name: 'Region' },
          { id: 3, name: 'Country' },
        ],
        rows: [
          ['Europe', 'France'],
          ['Europe', 'Germany'],
          ['Americas', 'Brazil'],
        ],
      },
      {
        id: 10,
        name: 'Channels',
        type: 'drop-down',
        columns: [{ id: 11, name: 'Channel' }],
        rows: [['social'], ['search'], ['email']],
      },
    ],
    autonumbers: [],
  };
}

const TODAY = utcCalendarDate(new Date(Date.UTC(2026, 2, 1)));

function setup() {
  const f = form();
  const validator = compileSubmissionForm(f);
  const columns = tableColumns(f);
  const col = (name: string) => columns.findIndex((c) => c.name === name);
  let data = tableData(columns);
  data = fillNewRows(data, { ...data, rowCount: 1 }, columns);
  const type = (d: GridData, row: number, name: string, text: string) =>
    fillNewRows(d, setCell(d, { row, col: col(name) }, text), columns);
  const validate = (d: GridData, isTaken?: (key: string, value: string) => boolean) =>
    validateTable(validator, columns, d, { today: TODAY, isTaken });
  const shown = (v: ReturnType<typeof validate>, row: number, name: string) =>
    v.display.columns[col(name)]?.values[row];
  const messages = (v: ReturnType<typeof validate>, row: number, name: string) =>
    v.byCell.get(`${row}:${col(name)}`) ?? [];
  return { f, validator, columns, col, data, type, validate, shown, messages };
}

function filledRow(t: ReturnType<typeof setup>, row = 0, d = t.data): GridData {
  let data = d;
  data = t.type(data, row, 'Channel', 'Social');
  data = t.type(data, row, 'Campaign', 'Spring Sale');
  data = t.type(data, row, 'Region', 'europe');
  data = t.type(data, row, 'Country', 'France');
  return data;
}

describe('tableColumns', () => {
  it('makes one column per visible field in precedence order, hiding cv_id and hidden segments', () => {
    const { columns } = setup();
    expect(columns.map((c) => c.name)).toEqual([
      'Code',
      'Channel',
      'Campaign',
      'Region',
      'Country',
      'Brand',
      'Notes',
      'Launch',
      'Key',
      'Region copy',
    ]);
    expect(columns.filter((c) => c.isComputed).map((c) => c.name)).toEqual([
      'Code',
      'Brand',
      'Key',
      'Region copy',
    ]);
  });
});

describe('validateTable: each governance type as typed', () => {
  it('governs a good row: list spelling, text transformation, constant, default, autofill, concatenation and the code with "next"', () => {
    const t = setup();
    const v = t.validate(filledRow(t));
    expect(v.problems).toEqual([]);
    expect(t.shown(v, 0, 'Channel')).toBe('social');
    expect(t.shown(v, 0, 'Campaign')).toBe('spring-sale');
    expect(t.shown(v, 0, 'Region')).toBe('Europe');
    expect(t.shown(v, 0, 'Brand')).toBe('ACME');
    expect(t.shown(v, 0, 'Notes')).toBe('n/a');
    expect(t.shown(v, 0, 'Region copy')).toBe('Europe');
    expect(t.shown(v, 0, 'Key')).toBe('Europe_France');
    expect(t.shown(v, 0, 'Code')).toBe(`social_spring-sale_${AUTONUMBER_PREVIEW_TEXT}`);
  });

  it('refuses a value not in the list with a did-you-mean, on its cell', () => {
    const t = setup();
    const v = t.validate(t.type(filledRow(t), 0, 'Channel', 'socal'));
    expect(t.messages(v, 0, 'Channel')).toEqual([
      'Channel: "socal" is not in the list Channels. Did you mean "social"?',
    ]);
    expect(t.shown(v, 0, 'Channel')).toBe('socal');
  });

  it('refuses a drill-down value not under the earlier column', () => {
    const t = setup();
    const v = t.validate(t.type(filledRow(t), 0, 'Country', 'Brazil'));
    expect(t.messages(v, 0, 'Country')).toEqual(['Country: "Brazil" is not under Region "Europe"']);
  });

  it('checks text validation after the transformation', () => {
    const t = setup();
    const v = t.validate(t.type(filledRow(t), 0, 'Campaign', 'x'));
    expect(t.messages(v, 0, 'Campaign')).toEqual(['Campaign: at least 2 characters']);
    const long = t.validate(t.type(filledRow(t), 0, 'Campaign', 'a very long campaign'));
    expect(t.messages(long, 0, 'Campaign')).toEqual(['Campaign: at most 12 characters']);
  });

  it('formats a picked date in the field format and refuses a non-date', () => {
    const t = setup();
    const ok = t.validate(t.type(filledRow(t), 0, 'Launch', '2026-03-15'));
    expect(t.shown(ok, 0, 'Launch')).toBe('15-03-2026');
    expect(ok.problems).toEqual([]);
    const bad = t.validate(t.type(filledRow(t), 0, 'Launch', 'soon'));
    expect(t.messages(bad, 0, 'Launch')[0]).toMatch(/^Launch: "soon" is not a date/);
  });

  it('answers required on an empty required cell of a filled row', () => {
    const t = setup();
    const v = t.validate(t.type(filledRow(t), 0, 'Region', ''));
    expect(t.messages(v, 0, 'Region')).toEqual(['Region is required']);
  });

  it('checks must_be_unique within the table and against the dataset (the server answer)', () => {
    const t = setup();
    const two = filledRow(t, 1, filledRow(t));
    const v = t.validate(two);
    expect(t.messages(v, 1, 'Key')).toEqual(['Key: "Europe_France" is also in row 1']);
    const taken = t.validate(filledRow(t), (key, value) => key === '11' && value === 'Europe_France');
    expect(t.messages(taken, 0, 'Key')).toEqual(['Key: "Europe_France" is already in the dataset']);
  });

  it('places server problems on the cells of the table rows they name', () => {
    const t = setup();
    let data = filledRow(t, 2, t.data);
    data = filledRow(t, 0, data);
    const v = validateTable(t.validator, t.columns, data, { today: TODAY }, [
      { row: 1, fieldId: '7', message: 'Country: taken' },
    ]);
    expect(v.byCell.get(`2:${t.col('Country')}`)).toEqual(['Country: taken']);
  });
});

describe('validateTable reusing the last answer', () => {
  /** The parts of an answer a person sees, to compare answers made with and without reuse. */
  const seen = (v: ReturnType<typeof validateTable>) => ({
    display: v.display.columns.map((c) => c.values),
    problems: v.problems,
    byCell: [...v.byCell],
    filledCount: v.filledCount,
    governed: v.governed,
  });

  it('answers exactly what a full run answers after edits, a blanked row, a paste and a duplicate', () => {
    const t = setup();
    let data = t.data;
    for (let row = 0; row < 6; row++) data = filledRow(t, row, data);
    data = t.type(data, 2, 'Country', 'Brasil');
    let last = validateTable(t.validator, t.columns, data, { today: TODAY });
    const steps: ((d: GridData) => GridData)[] = [
      (d) => t.type(d, 4, 'Campaign', 'Été Promo'),
      (d) => t.type(d, 2, 'Country', 'Brazil'),
      // Row 1 blank: the rows after it move up among the rows sent.
      (d) => ['Channel', 'Campaign', 'Region', 'Country'].reduce((x, name) => t.type(x, 1, name, ''), d),
      (d) => {
        const block = parseTsv('search\tsummer\tAmericas\tBrazil\r\nemail\tsummer\tEurope\tGermany\r\n');
        const pasted = placePaste(d, { row: 3, col: t.col('Channel') }, block, {
          maxColumns: t.columns.length,
          maxRows: 50_000,
          isSingleColumn: false,
          trimColumns: true,
        });
        if (!pasted.ok) throw new Error(pasted.message);
        return pasted.data;
      },
      (d) => t.type(d, 5, 'Region', 'Americas'),
    ];
    for (const step of steps) {
      data = step(data);
      const reused = validateTable(t.validator, t.columns, data, { today: TODAY }, [], last);
      const full = validateTable(t.validator, t.columns, data, { today: TODAY });
      expect(seen(reused)).toEqual(seen(full));
      last = reused;
    }
    expect(last.problems.length).toBeGreaterThan(0);
  });

  it('keeps the problems and their cells as the same objects when an edit changes none', () => {
    const t = setup();
    let data = t.data;
    for (let row = 0; row < 3; row++) data = filledRow(t, row, data);
    data = t.type(data, 2, 'Country', 'Brasil');
    const last = validateTable(t.validator, t.columns, data, { today: TODAY });
    expect(last.problems.length).toBeGreaterThan(0);
    const next = validateTable(
      t.validator,
      t.columns,
      t.type(data, 0, 'Campaign', 'Autumn'),
      { today: TODAY },
      [],
      last,
    );
    expect(next.problems).toBe(last.problems);
    expect(next.byCell).toBe(last.byCell);
  });

  it('governs again only the rows whose typed cells changed', () => {
    const t = setup();
    let data = t.data;
    for (let row = 0; row < 3; row++) data = filledRow(t, row, data);
    const first = validateTable(t.validator, t.columns, data, { today: TODAY });
    const edited = t.type(data, 1, 'Campaign', 'Black Friday');
    const next = validateTable(t.validator, t.columns, edited, { today: TODAY }, [], first);
    expect(next.governed[0]).toBe(first.governed[0]);
    expect(next.governed[2]).toBe(first.governed[2]);
    expect(next.governed[1]).not.toBe(first.governed[1]);
    expect(t.shown(next, 1, 'Campaign')).toBe('black-friday');
  });
});

describe('blank rows, new rows and the rows sent', () => {
  it('fills defaults into rows that come into being and leaves blank rows out', () => {
    const t = setup();
    expect(t.data.columns[t.col('Notes')]?.values[0]).toBe('n/a');
    expect(isBlankRow(t.data, t.columns, 0)).toBe(true);
    const data = filledRow(t, 0, t.data);
    const withGap = t.type(data, 3, 'Region', 'Americas');
    expect(withGap.columns[t.col('Notes')]?.values.slice(0, 4)).toEqual(['n/a', 'n/a', 'n/a', 'n/a']);
    const sent = filledRows(withGap, t.columns);
    expect(sent.tableRows).toEqual([0, 3]);
    expect(sent.rows[1]).toEqual({ '6': 'Americas', '9': 'n/a' });
    const v = t.validate(withGap);
    expect(v.filledCount).toBe(2);
    expect(v.byCell.has(`1:0`)).toBe(false);
  });

  it('pastes a block from a spreadsheet into the fixed columns, trimming what is beyond them', () => {
    const t = setup();
    const at = { row: 0, col: t.col('Channel') };
    const result = placePaste(
      t.data,
      at,
      parseTsv('social\tSummer Days\tEurope\tGermany\nemail\tNews\tAmericas\tBrazil'),
      {
        maxColumns: t.columns.length,
        maxRows: 50_000,
        isSingleColumn: false,
        trimColumns: true,
      },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const v = t.validate(fillNewRows(t.data, result.data, t.columns));
    expect(v.problems).toEqual([]);
    expect(t.shown(v, 1, 'Code')).toBe(`email_news_${AUTONUMBER_PREVIEW_TEXT}`);
    expect(t.shown(v, 1, 'Notes')).toBe('n/a');
  });
});

describe('nextErrorCell', () => {
  it('goes to the next problem in row-major order and wraps', () => {
    const problems = [
      { row: 0, col: 3, message: 'a' },
      { row: 2, col: 1, message: 'b' },
    ];
    expect(nextErrorCell({ problems }, { row: 0, col: 0 })).toEqual({ row: 0, col: 3 });
    expect(nextErrorCell({ problems }, { row: 0, col: 3 })).toEqual({ row: 2, col: 1 });
    expect(nextErrorCell({ problems }, { row: 5, col: 0 })).toEqual({ row: 0, col: 3 });
    expect(nextErrorCell({ problems: [] }, { row: 0, col: 0 })).toBeNull();
  });
});

describe('list pickers', () => {
  it('offers the column values under the earlier choice (drill-down), narrowed by the typed text', () => {
    const t = setup();
    const sources = listSources(t.f);
    const country = sources.get('7')!;
    expect(listOptions(country, { '6': 'Europe' }, '')).toEqual(['France', 'Germany']);
    expect(listOptions(country, { '6': 'Americas' }, '')).toEqual(['Brazil']);
    expect(listOptions(country, {}, 'an')).toEqual(['France', 'Germany']);
    expect(listOptions(sources.get('3')!, undefined, 'S')).toEqual(['social', 'search']);
  });
});

describe('uniquenessQuestions', () => {
  it('asks only about values of unique fields not asked before', () => {
    const t = setup();
    const v = t.validate(filledRow(t));
    expect([...uniquenessQuestions(t.validator, v, new Map())]).toEqual([['11', ['Europe_France']]]);
    expect(uniquenessQuestions(t.validator, v, new Map([['11', new Set(['Europe_France'])]])).size).toBe(0);
  });
});

describe('editing stored rows (issue 11 item 5)', () => {
  const stored = [
    { '1': 'cv-a', '3': 'social', '4': 'spring', '6': 'Europe', '7': 'France', '9': 'n/a' },
    { '1': 'cv-b', '3': 'email', '4': 'autumn', '6': 'Americas', '7': 'Brazil', '9': 'n/a' },
  ];

  it('sends only the changed rows, each named by its cv_id with every typed cell, cleared ones empty', () => {
    const t = setup();
    const initial = tableData(t.columns, stored);
    let data = t.type(initial, 1, 'Campaign', 'winter');
    data = t.type(data, 1, 'Country', '');
    const sent = editedRows(initial, data, t.columns, '1', ['cv-a', 'cv-b']);
    expect(sent.tableRows).toEqual([1]);
    expect(sent.rows).toEqual([
      { '1': 'cv-b', '3': 'email', '4': 'winter', '6': 'Americas', '7': '', '9': 'n/a', '10': '' },
    ]);
    expect(editedRows(initial, initial, t.columns, '1', ['cv-a', 'cv-b']).rows).toEqual([]);
  });

  it('shows the server’s problems with an edit on the table rows they were sent from', () => {
    const t = setup();
    const data = tableData(t.columns, stored);
    const problems = editProblemsOnTable(
      [{ row: 0, fieldId: '6', message: 'Row 1: Region is required' }],
      [1],
    );
    expect(problems).toEqual([{ row: 1, fieldId: '6', message: 'Region is required' }]);
    const v = validateTable(t.validator, t.columns, data, { today: TODAY, keepsBlankRows: true }, problems);
    expect(v.byCell.get(`1:${t.col('Region')}`)).toEqual(['Region is required']);
    expect(v.byCell.has(`0:${t.col('Region')}`)).toBe(false);
  });

  it('keeps a row emptied by the editor as a row, so its problems show', () => {
    const t = setup();
    let data = tableData(t.columns, stored);
    for (const name of ['Channel', 'Campaign', 'Region', 'Country', 'Notes'])
      data = t.type(data, 0, name, '');
    expect(filledRows(data, t.columns).tableRows).toEqual([1]);
    expect(filledRows(data, t.columns, true).tableRows).toEqual([0, 1]);
    const v = validateTable(t.validator, t.columns, data, { today: TODAY, keepsBlankRows: true });
    expect(v.filledCount).toBe(2);
    expect(v.problems.some((p) => p.row === 0)).toBe(true);
  });
});

describe("the list editor highlight and the selected cell's problem line", () => {
  it('highlights the value spelled like the typed text, else the first offered; nothing for no text', () => {
    expect(autoHighlight(['Paid'], 'Pai')).toBe(0);
    expect(autoHighlight(['Paid search', 'Paid'], 'paid')).toBe(1);
    expect(autoHighlight(['Paid'], '')).toBe(-1);
    expect(autoHighlight([], 'Atlantis')).toBe(-1);
  });

  it("names the column and row of the selected cell's problems, without repeating the column", () => {
    const columns = [{ name: 'Channel' }, { name: 'Country' }];
    const byCell = new Map([
      [
        '2:1',
        ['Country: "Itlay" is not in the list Countries. Did you mean "Italy"?', 'Country is required'],
      ],
    ]);
    expect(cellProblemText(columns, byCell, { row: 2, col: 1 })).toBe(
      'Country, row 3: "Itlay" is not in the list Countries. Did you mean "Italy"? · Country is required',
    );
    expect(cellProblemText(columns, byCell, { row: 2, col: 0 })).toBe('');
  });
});
