import type { DraftCommandRequest } from './draftRows';

/**
 * Largest part of a command sent to a draft room, in characters of its JSON: well under the
 * collab server's 1 MB WebSocket message limit (collab/src/attach.ts), so a 5,000-row import or
 * paste goes as a few messages instead of closing the socket.
 */
export const DRAFT_COMMAND_PART_CHARS = 256 * 1024;

/** Splits `items` into runs whose JSON sizes add up to at most `maxChars` each (one item at least). */
function runsOf<T>(items: readonly T[], maxChars: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = JSON.stringify(item).length + 1;
    if (run.length > 0 && size + itemSize > maxChars) {
      runs.push(run);
      run = [];
      size = 0;
    }
    run.push(item);
    size += itemSize;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * The parts a draft-room command is sent as (shared `draftCommandSchema`): a `cells.set`,
 * `rows.insert` or `rows.remove` larger than `maxChars` of JSON becomes several of the same type,
 * in order, each under it; each part of an insert goes after the last row of the part before, so
 * the rows keep their order (the collab server runs one connection's commands in the order sent).
 * Comments, and commands under the limit, are one part.
 */
export function splitDraftCommand(
  command: DraftCommandRequest,
  maxChars = DRAFT_COMMAND_PART_CHARS,
): DraftCommandRequest[] {
  if (JSON.stringify(command).length <= maxChars) return [command];
  switch (command.type) {
    case 'cells.set':
      return runsOf(command.cells, maxChars).map((cells) => ({ type: 'cells.set', cells }));
    case 'rows.remove':
      return runsOf(command.rows, maxChars).map((rows) => ({ type: 'rows.remove', rows }));
    case 'rows.insert': {
      let after = command.after;
      return runsOf(command.rows, maxChars).map((rows) => {
        const part: DraftCommandRequest = { type: 'rows.insert', after, rows };
        after = rows[rows.length - 1]!.id;
        return part;
      });
    }
    default:
      return [command];
  }
}
