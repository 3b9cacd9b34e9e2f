import { describe, expect, it } from 'vitest';
import {
  buildLink,
  compileLinkBuilder,
  encodeDynamic,
  encodeParameterName,
  isHostAllowed,
  type LinkPart,
  normalizeDomain,
} from './links';

const part = (name: string, value: string, url_encoding: LinkPart['url_encoding'] = 'dynamic'): LinkPart => ({
  name,
  value,
  url_encoding,
  url_name_encoding: 'encoded',
});

describe('buildLink (spec 03 §2, §3, §9)', () => {
  it('builds the same link from a compiled builder, whichever destinations and values come before', () => {
    const specs = [part('utm_source', ''), part('utm_term', '', 'standard')];
    const options = { domainRestrictions: ['acme.com'] };
    const build = compileLinkBuilder(specs, options);
    const destinations = [
      'https://acme.com/a?utm_source=x&ref=1#top',
      'ftp://acme.com',
      'https://evil.test/',
      '',
    ];
    for (let i = 0; i < 12; i++) {
      const destination = destinations[i % destinations.length]!;
      const values = [`fb ${i % 3}`, i % 2 === 0 ? '' : 'a&b'];
      expect(build(destination, values)).toEqual(
        buildLink(
          destination,
          specs.map((s, at) => ({ ...s, value: values[at]! })),
          options,
        ),
      );
    }
    expect(build(destinations[0]!, ['fb', 'a&b'])).toEqual({
      ok: true,
      link: 'https://acme.com/a?ref=1&utm_source=fb&utm_term=a%26b#top',
      host: 'acme.com',
    });
  });
  it('appends the parameters in order and leaves out empty ones', () => {
    const result = buildLink('https://acme.com/a', [
      part('utm_source', 'fb'),
      part('x', ''),
      part('utm_medium', 'paid'),
    ]);
    expect(result).toEqual({
      ok: true,
      link: 'https://acme.com/a?utm_source=fb&utm_medium=paid',
      host: 'acme.com',
    });
  });
  it('is idempotent: parameters named like ours are replaced, others kept, the fragment stays last', () => {
    const once = buildLink('https://acme.com/a?ref=1#top', [part('utm_source', 'fb')]);
    expect(once.ok && once.link).toBe('https://acme.com/a?ref=1&utm_source=fb#top');
    const twice = buildLink(once.ok ? once.link : '', [part('utm_source', 'fb')]);
    expect(twice).toEqual(once);
  });
  it('re-encodes manually entered parameters unless told to keep them as typed', () => {
    expect(
      buildLink('https://acme.com/?q=a b', []).ok && buildLink('https://acme.com/?q=a b', []),
    ).toMatchObject({
      link: 'https://acme.com/?q=a%20b',
    });
    expect(buildLink('https://acme.com/?q=a b', [], { keepManualEncoding: true })).toMatchObject({
      link: 'https://acme.com/?q=a b',
    });
  });
  it('refuses what is not an http(s) address', () => {
    for (const bad of ['acme.com', 'ftp://acme.com', 'https://', 'https://ac me.com', 'javascript:alert(1)'])
      expect(buildLink(bad, []), bad).toEqual({ ok: false, reason: 'invalid' });
  });
  it('refuses a host outside the domain restrictions and allows their subdomains', () => {
    const restrictions = ['https://Acme.com/', '*.shop.example'];
    expect(buildLink('https://www.acme.com', [], { domainRestrictions: restrictions }).ok).toBe(true);
    expect(buildLink('https://eu.shop.example/x', [], { domainRestrictions: restrictions }).ok).toBe(true);
    expect(buildLink('https://notacme.com', [], { domainRestrictions: restrictions })).toEqual({
      ok: false,
      reason: 'domain',
      host: 'notacme.com',
    });
  });
});

describe('encodings', () => {
  it('standard encodes everything, dynamic keeps macros and escapes', () => {
    const value = 'a b&{{ad.id}}%20{campaignid}';
    expect(buildLink('https://a.com', [part('v', value, 'standard')])).toMatchObject({
      link: 'https://a.com?v=a%20b%26%7B%7Bad.id%7D%7D%2520%7Bcampaignid%7D',
    });
    expect(encodeDynamic(value)).toBe('a%20b%26{{ad.id}}%20{campaignid}');
  });
  it('encodes a name unless not_encoded', () => {
    expect(encodeParameterName('utm source', 'encoded')).toBe('utm%20source');
    expect(encodeParameterName('utm source', 'not_encoded')).toBe('utm source');
  });
  it('normalises restrictions to bare hosts', () => {
    expect(normalizeDomain(' HTTPS://*.Acme.com:443/path ')).toBe('acme.com');
    expect(isHostAllowed('x.acme.com', [])).toBe(true);
  });
});
