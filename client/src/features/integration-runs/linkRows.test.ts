import type { IntegrationLink } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { isInlineImage, linkRows } from './linkRows';

let next = 1;
function made(over: Partial<IntegrationLink>): IntegrationLink {
  return {
    id: next++,
    assignment_id: 1,
    cv_id: 'cv-1',
    template_field_id: 10,
    kind: 'bitly',
    long_url: 'https://acme.com/a',
    short_url: null,
    file_type: null,
    content_type: null,
    image_url: null,
    ...over,
  };
}

describe('linkRows', () => {
  it('puts the bitlink and the QR images of one row side by side, rows in the order first made', () => {
    const rows = linkRows([
      made({ cv_id: 'cv-2', kind: 'qr', long_url: 'https://acme.com/b', file_type: 'png' }),
      made({ cv_id: 'cv-1', short_url: 'https://acme.link/x1' }),
      made({ cv_id: 'cv-1', kind: 'qr', long_url: 'https://acme.link/x1', file_type: 'svg' }),
    ]);
    expect(rows.map((r) => [r.cvId, r.longUrl, r.shortUrl, r.images.map((i) => i.file_type)])).toEqual([
      ['cv-2', 'https://acme.com/b', null, ['png']],
      ['cv-1', 'https://acme.com/a', 'https://acme.link/x1', ['svg']],
    ]);
  });

  it('keeps two link fields of the same row apart', () => {
    const rows = linkRows([made({ template_field_id: 10 }), made({ template_field_id: 11 })]);
    expect(rows).toHaveLength(2);
  });
});

describe('isInlineImage', () => {
  it('shows PNG and SVG inline and offers PDF and EPS as downloads', () => {
    expect(isInlineImage(made({ kind: 'qr', content_type: 'image/png' }))).toBe(true);
    expect(isInlineImage(made({ kind: 'qr', content_type: 'image/svg+xml' }))).toBe(true);
    expect(isInlineImage(made({ kind: 'qr', content_type: 'application/pdf' }))).toBe(false);
    expect(isInlineImage(made({ kind: 'qr', content_type: 'application/postscript' }))).toBe(false);
  });
});
