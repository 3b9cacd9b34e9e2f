import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * `node scripts/check-function-length.mjs [--max=80]` (`npm run check:function-length`): no
 * product function is longer than `--max` lines (80 by default; STYLE.md, long functions are split
 * into named steps) without saying why. Reads every product source file under server/src,
 * shared/src, collab/src and client/src (not tests: `*.test.*`, `*.spec.*`, `test/` and
 * `__tests__/` folders, `*.fixtures.*` test data; not `.d.ts`; not server/src/db/migrations, frozen
 * once shipped) with the TypeScript compiler API and measures, from its first
 * to its last line (its docstring not counted):
 * - function declarations;
 * - methods (of classes and object literals), constructors and accessors;
 * - function and arrow function expressions assigned to a variable (`const f = () => …`), also
 *   when wrapped in a call of a name (`const C = memo(function C() {…})`, `forwardRef(…)`,
 *   `useCallback(…)`, `React.memo(…)`; not `rows.map(…)`) or in `as`/`satisfies`.
 * A nested function is measured on its own as well as inside its parent.
 *
 * A function may be long for a reason: its docstring (the JSDoc just before it, or before its
 * `const` statement) then holds a line starting with the marker "Long because" (case-insensitive,
 * after the leading `*`), e.g. ` * Long because the steps share one reused row state.` Such a
 * function is not listed.
 *
 * Prints each function over the limit, longest first: lines, file:line and name, then the count.
 * Exits 1 when there is one, 0 otherwise.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['server/src', 'shared/src', 'collab/src', 'client/src'];
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const NOT_PRODUCT = [
  /\.d\.ts$/,
  /\.(test|spec)\.[cm]?tsx?$/,
  /\.fixtures\.[cm]?tsx?$/,
  /\/test\//,
  /\/__tests__\//,
  // Migrations are frozen-in-time schema changes, never edited once shipped.
  /^server\/src\/db\/migrations\//,
];
const MARKER = /^long because\b/i;
const maxArg = process.argv.find((a) => a.startsWith('--max='));
const MAX = maxArg ? Number(maxArg.slice('--max='.length)) : 80;

/** Every product source file under `dir`, as paths relative to the repository root. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') files.push(...sourceFiles(path));
    } else if (SOURCE.test(entry.name) && !NOT_PRODUCT.some((p) => p.test(path))) files.push(path);
  }
  return files;
}

/** Whether a JSDoc attached to `node` holds a line starting with the marker. */
function saysWhyLong(node) {
  for (const doc of ts.getJSDocCommentsAndTags(node)) {
    const text = doc.getText();
    for (const line of text.split('\n')) {
      const bare = line.replace(/^\s*(\/\*\*|\*\/|\*)?\s*/, '');
      if (MARKER.test(bare)) return true;
    }
  }
  return false;
}

/**
 * Whether a call's callee wraps the function it is given (`memo`, `forwardRef`, `useCallback`,
 * `React.memo`…): a plain name or a property of a plain name starting with a capital. A method
 * of a value (`rows.map(…)`) is not: its callback is no function assigned to the variable.
 */
function isWrapper(callee) {
  if (ts.isIdentifier(callee)) return true;
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    /^[A-Z]/.test(callee.expression.text)
  );
}

/** The function expression `init` holds, looking through parentheses, `as`, `satisfies` and wrapping calls. */
function functionIn(init) {
  let node = init;
  for (;;) {
    if (!node) return undefined;
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return node;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression?.(node))
      node = node.expression;
    else if (ts.isCallExpression(node) && isWrapper(node.expression))
      node = node.arguments.find(
        (a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a) || ts.isCallExpression(a),
      );
    else return undefined;
  }
}

/** Name of a measured node for the report. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

/** The functions of one file longer than MAX lines and without the marker. */
function longFunctions(path) {
  const text = readFileSync(join(root, path), 'utf8');
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const measure = (fn, docNode, name) => {
    const start = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
    const end = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
    const lines = end - start + 1;
    if (lines > MAX && !saysWhyLong(docNode) && (docNode === fn || !saysWhyLong(fn)))
      found.push({ path, line: start + 1, name, lines });
  };
  const visit = (node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node)) &&
      node.body
    )
      measure(node, node, nameOf(node, source));
    else if (ts.isVariableDeclaration(node) && node.initializer) {
      const fn = functionIn(node.initializer);
      // The docstring of `const f = …` sits on its statement (declaration list → statement).
      const statement = node.parent?.parent;
      if (fn)
        measure(
          fn,
          statement && ts.isVariableStatement(statement) ? statement : node,
          node.name.getText(source),
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const all = ROOTS.flatMap((dir) => sourceFiles(dir)).flatMap(longFunctions);
all.sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path) || a.line - b.line);
for (const f of all) console.log(`${String(f.lines).padStart(5)}  ${f.path}:${f.line}  ${f.name}`);
console.log(
  all.length === 0
    ? `Function length: no product function is over ${MAX} lines without a "Long because" in its docstring.`
    : `Function length: ${all.length} product function${all.length === 1 ? ' is' : 's are'} over ${MAX} lines without a "Long because" in ${all.length === 1 ? 'its' : 'their'} docstring.`,
);
process.exit(all.length === 0 ? 0 : 1);
