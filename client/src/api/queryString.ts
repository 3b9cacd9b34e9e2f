/**
 * Encodes a request's query object (ARCHITECTURE.md, HTTP API: queries are parsed with the
 * endpoint's zod schema on the server). Undefined and null values are left out; arrays repeat
 * the key; everything else is sent as its text. Answers "" or "?a=1&b=2".
 */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) search.append(key, String(v));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
