import { describe, expect, it } from 'vitest';
import { parseTsv, toTsv } from './tsv';

describe('parseTsv', () => {
  it('splits rows on line breaks and cells on tabs', () => {
    expect(parseTsv('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('reads CRLF line ends and ignores one trailing line break', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('a\n')).toEqual([['a']]);
  });

  it('keeps tabs, line breaks and doubled quotes inside quoted cells', () => {
    expect(parseTsv('"one\ttab"\t"two\nlines"\t"say ""hi"""\r\nx\t"a\r\nb"\ty')).toEqual([
      ['one\ttab', 'two\nlines', 'say "hi"'],
      ['x', 'a\r\nb', 'y'],
    ]);
  });

  it('keeps empty cells, empty rows and a trailing tab', () => {
    expect(parseTsv('a\t\tc\n\n\tb\t')).toEqual([['a', '', 'c'], [''], ['', 'b', '']]);
  });

  it('reads quotes inside an unquoted cell, an unclosed quote and text after a closing quote literally', () => {
    expect(parseTsv('5" screen\tok')).toEqual([['5" screen', 'ok']]);
    expect(parseTsv('"open\tx')).toEqual([['"open', 'x']]);
    expect(parseTsv('"a"b\tc')).toEqual([['ab', 'c']]);
  });

  it('reads an empty clipboard as no rows and non-ASCII text as it is', () => {
    expect(parseTsv('')).toEqual([]);
    expect(parseTsv('Zürich\t東京\nSão Paulo\t🎉')).toEqual([
      ['Zürich', '東京'],
      ['São Paulo', '🎉'],
    ]);
  });
});

describe('toTsv', () => {
  it('joins cells with tabs and rows with line breaks', () => {
    expect(
      toTsv([
        ['a', 'b'],
        ['', 'd'],
      ]),
    ).toBe('a\tb\n\td');
  });

  it('quotes cells holding tabs, line breaks or a leading quote, doubling their quotes, as Excel does', () => {
    expect(toTsv([['one\ttab', 'two\nlines', '"quoted"', 'say "hi"']])).toBe(
      '"one\ttab"\t"two\nlines"\t"""quoted"""\tsay "hi"',
    );
  });

  it('round-trips through parseTsv', () => {
    const rows = [
      ['plain', 'with\ttab', 'multi\nline "q"'],
      ['', '"lead', 'trailing '],
    ];
    expect(parseTsv(toTsv(rows))).toEqual(rows);
  });
});
