import { describe, expect, it } from 'vitest';
import { csvField, csvLine, isFormulaLike, neutraliseFormula } from './csv';

describe('CSV encoding', () => {
  it('quotes the delimiter, quotes, line breaks and edge spaces only', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(3)).toBe('3');
    expect(csvField('a;b', { delimiter: ';' })).toBe('"a;b"');
    expect(csvField('a,b', { delimiter: ';' })).toBe('a,b');
    expect(csvLine(['東京', 'a,b', 1])).toBe('東京,"a,b",1\n');
    expect(csvLine(['a', 'b'], { delimiter: '\t', eol: '\r\n' })).toBe('a\tb\r\n');
  });
});

describe('formula cells (OWASP CSV injection)', () => {
  it('writes a value a spreadsheet would run as a formula with a leading quote', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvField('+1+2')).toBe("'+1+2");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvLine(['ok', '=1+1'])).toBe("ok,'=1+1\n");
  });

  it('leaves plain numbers, other text and non-text values alone', () => {
    for (const n of ['-12', '+3.5', '-0.25', '1e-3', '-.5']) expect(isFormulaLike(n)).toBe(false);
    expect(csvField('-12')).toBe('-12');
    expect(csvField(-12)).toBe('-12');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('')).toBe('');
    expect(neutraliseFormula('spring-sale')).toBe('spring-sale');
  });

  it('keeps the stored value when raw', () => {
    expect(csvField('=1+1', { raw: true })).toBe('=1+1');
    expect(csvLine(['@x', '-y'], { raw: true })).toBe('@x,-y\n');
  });
});
