/** Problems with a governed value, by dotted path inside it (`list_governance.list_id`) → message. */
export type GovernanceIssues = Readonly<Record<string, string>>;

// Keys of a react-hook-form error entry that describe it rather than name a nested setting.
const ENTRY_KEYS = new Set(['message', 'type', 'types', 'ref']);

/**
 * The messages of a react-hook-form `errors` tree (or any tree of `{message}` entries) by dotted
 * path, e.g. `{ list_governance: { list_id: { message: 'Required' } } }` →
 * `{ 'list_governance.list_id': 'Required' }`. An entry with a message and nested entries (an
 * array's own problem beside its items') gives both (a field array's `root` counts as its own); DOM refs are never walked. `prefix` starts
 * every path (`'date'` gives `date.order`).
 */
export function issuesByPath(errors: unknown, prefix = ''): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '' && path !== '') result[path] ??= message;
    for (const [key, child] of Object.entries(node)) {
      if (ENTRY_KEYS.has(key)) continue;
      // A field array keeps its own problem under `root`; it belongs to the array's path.
      walk(child, key === 'root' ? path : path === '' ? key : `${path}.${key}`);
    }
  };
  walk(errors, prefix);
  return result;
}

/**
 * The issues under `prefix`, with the prefix taken off: `{ 'date.order': 'x' }` under `'date'`
 * is `{ order: 'x' }`. Lets a section component read the issues of its own value.
 */
export function issuesUnder(issues: GovernanceIssues | undefined, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  const start = `${prefix}.`;
  for (const [path, message] of Object.entries(issues ?? {})) {
    if (path.startsWith(start)) result[path.slice(start.length)] = message;
  }
  return result;
}
