/** A positive integer id from a route or query parameter ("12"), or null for anything else ("new", "x", "0"). */
export function routeIdOf(param: string | null | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}
