import { memoByText } from './memo';

/**
 * Link building for the link field of a submission (spec 03 §2 link governance drawer, §3 link
 * parameter and link_governance, §9 encodings): the person enters the destination (or it is
 * autofilled from another field); the link is that address with one `name=value` per link
 * parameter, in precedence order, whose value is the row's value of the parameter's field.
 *
 * Decisions (ours where spec 03 is silent):
 * - A destination is `http://` or `https://`, then a host; anything else is refused.
 * - Building is idempotent: parameters of the destination's query named like a link parameter are
 *   replaced, so a link built once and validated again is unchanged. Other parameters typed by the
 *   person stay where they are: as typed with `do_not_encode_manually_entered_parameters`, else
 *   re-encoded with standard encoding. A parameter whose value is empty is left out. The fragment
 *   (`#…`) stays at the end.
 * - Value encodings: `standard` percent-encodes every character but A-Z a-z 0-9 - _ . ! ~ * ' ( )
 *   (`encodeURIComponent`); `dynamic` (the default) does the same but keeps ad-platform macros
 *   (`{{ad.id}}`, `{campaignid}`) and existing `%XX` escapes as they are, so dynamic values reach
 *   the platform that fills them. Name encodings: `encoded` encodes the name like `standard`;
 *   `not_encoded` writes it as entered.
 * - Domain restrictions are host names (a scheme, path or leading `*.` typed with them is
 *   ignored); a host is allowed when it is a restriction or a subdomain of one, in any case.
 *   No restrictions allow every host.
 */

/** How a parameter's value is encoded (spec 03 §3, §9). */
export type UrlEncoding = 'standard' | 'dynamic';
/** How a parameter's name is encoded (spec 03 §3, §9). */
export type UrlNameEncoding = 'encoded' | 'not_encoded';

/** One `name=value` pair to add, with its encodings. */
export interface LinkPart {
  readonly name: string;
  readonly value: string;
  readonly url_encoding: UrlEncoding;
  readonly url_name_encoding: UrlNameEncoding;
}

/** The answer of `buildLink`: the link, or why the destination is refused. */
export type LinkResult =
  | { readonly ok: true; readonly link: string; readonly host: string }
  | { readonly ok: false; readonly reason: 'invalid' }
  | { readonly ok: false; readonly reason: 'domain'; readonly host: string };

const DESTINATION = /^(https?:\/\/)([^/?#\s]+)([^?#\s]*)(\?[^#]*)?(#.*)?$/i;
const MACRO_OR_ESCAPE = /(\{\{[^{}]*\}\}|\{[^{}]*\}|%[0-9A-Fa-f]{2})/;

/** `text` percent-encoded with standard encoding (`encodeURIComponent`); lone surrogates become U+FFFD. */
export function encodeStandard(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** `text` encoded with dynamic encoding: standard, except macros `{…}`, `{{…}}` and `%XX` escapes stay. */
export function encodeDynamic(text: string): string {
  // Most values hold no macro and no escape: plain standard encoding.
  if (!text.includes('{') && !text.includes('%')) return encodeStandard(text);
  return text
    .split(MACRO_OR_ESCAPE)
    .map((piece, i) => (i % 2 === 1 ? piece : encodeStandard(piece)))
    .join('');
}

/** A parameter value encoded as `encoding` says (spec 03 §9). */
export function encodeParameterValue(value: string, encoding: UrlEncoding): string {
  return encoding === 'standard' ? encodeStandard(value) : encodeDynamic(value);
}

/** A parameter name encoded as `encoding` says (spec 03 §9). */
export function encodeParameterName(name: string, encoding: UrlNameEncoding): string {
  return encoding === 'not_encoded' ? name : encodeStandard(name);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A domain restriction as a bare lower-case host: scheme, path, port and a leading `*.` removed. */
export function normalizeDomain(restriction: string): string {
  return restriction
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^\*\./, '')
    .replace(/\.$/, '');
}

/** Whether `host` is allowed by `restrictions`: equal to one or a subdomain of one; none allow all. */
export function isHostAllowed(host: string, restrictions: readonly string[]): boolean {
  const domains = restrictions.map(normalizeDomain).filter((d) => d !== '');
  if (domains.length === 0) return true;
  const h = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return domains.some((d) => h === d || h.endsWith(`.${d}`));
}

/** A link parameter as a link builder takes it: its name and encodings (its value comes per link). */
export type LinkParameterSpec = Omit<LinkPart, 'value'>;

/** What a destination gives every link built on it: its address up to the query, kept pairs, fragment. */
type PreparedDestination =
  | {
      readonly ok: true;
      readonly head: string;
      readonly pairs: readonly string[];
      readonly fragment: string;
      readonly host: string;
    }
  | { readonly ok: false; readonly reason: 'invalid' }
  | { readonly ok: false; readonly reason: 'domain'; readonly host: string };

/**
 * Compiles the building of links (see the notes at the top of this file) for `parameters` in
 * order: the answer builds the link of a destination with `values[i]` as the value of
 * `parameters[i]`, exactly as `buildLink` does. What a destination makes (its checks, the pairs
 * typed into it) is worked out once per destination text (`memoByText`), so a submission of many
 * rows with few destinations builds each link from its values alone. Pure; never throws.
 */
export function compileLinkBuilder(
  parameters: readonly LinkParameterSpec[],
  options: { domainRestrictions?: readonly string[]; keepManualEncoding?: boolean } = {},
): (destination: string, values: readonly string[]) => LinkResult {
  const ours = new Set(parameters.map((p) => p.name));
  const names = parameters.map((p) =>
    p.name.trim() === '' ? null : encodeParameterName(p.name, p.url_name_encoding),
  );
  const prepare = memoByText((destination): PreparedDestination => {
    const match = DESTINATION.exec(destination.trim());
    if (!match) return { ok: false, reason: 'invalid' };
    const [, scheme, host, path, query, fragment] = match as unknown as [
      string,
      string,
      string,
      string,
      string | undefined,
      string | undefined,
    ];
    const hostName = host.replace(/^[^@]*@/, '');
    if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(hostName) || /^[.-]|\.\.|[.-](:|$)/.test(hostName))
      return { ok: false, reason: 'invalid' };
    if (!isHostAllowed(hostName, options.domainRestrictions ?? []))
      return { ok: false, reason: 'domain', host: hostName.toLowerCase().replace(/:\d+$/, '') };
    const pairs: string[] = [];
    for (const pair of (query ?? '').slice(1).split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      const rawValue = eq < 0 ? null : pair.slice(eq + 1);
      if (ours.has(safeDecode(rawName))) continue;
      if (options.keepManualEncoding) pairs.push(pair);
      else {
        const name = encodeStandard(safeDecode(rawName));
        pairs.push(rawValue === null ? name : `${name}=${encodeStandard(safeDecode(rawValue))}`);
      }
    }
    return {
      ok: true,
      head: `${scheme}${host}${path}`,
      pairs,
      fragment: fragment ?? '',
      host: hostName.toLowerCase(),
    };
  });
  return (destination, values) => {
    const prepared = prepare(destination);
    if (!prepared.ok) return prepared;
    const pairs = prepared.pairs.slice();
    for (let i = 0; i < parameters.length; i++) {
      const value = values[i] ?? '';
      const name = names[i];
      if (value === '' || name === null) continue;
      pairs.push(`${name}=${encodeParameterValue(value, parameters[i]!.url_encoding)}`);
    }
    // Joined, so the link is one flat string (it is kept with its row), not a chain of pieces.
    const link =
      pairs.length === 0
        ? [prepared.head, prepared.fragment].join('')
        : [prepared.head, '?', pairs.join('&'), prepared.fragment].join('');
    return { ok: true, link, host: prepared.host };
  };
}

/**
 * Builds a link (see the notes at the top of this file): `destination` with `parts` appended as
 * query parameters, honouring `domainRestrictions` and whether manually entered parameters keep
 * their encoding. Answers `invalid` for a destination that is not an http(s) address and `domain`
 * (with the host) for a host the restrictions do not allow. Pure; never throws. To build many
 * links with the same parameters, compile them once (`compileLinkBuilder`).
 */
export function buildLink(
  destination: string,
  parts: readonly LinkPart[],
  options: { domainRestrictions?: readonly string[]; keepManualEncoding?: boolean } = {},
): LinkResult {
  return compileLinkBuilder(parts, options)(
    destination,
    parts.map((p) => p.value),
  );
}
