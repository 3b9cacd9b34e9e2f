import type { z } from 'zod';

/** The refusal a room sends for a command it could not read (list and draft rooms alike). */
export interface CommandRefusal {
  type: 'refused';
  id: string | null;
  reason: string;
}

/**
 * Reads a stateless payload as a room command of `schema` (list rooms: `roomCommandSchema`; draft
 * rooms: `draftCommandSchema`). Returns the command, or the refusal to send: longer than
 * `maxChars`, not JSON, or the first validation issue (with the command's id when it has one).
 */
export function parseCommand<S extends z.ZodType>(
  payload: string,
  schema: S,
  maxChars = Number.POSITIVE_INFINITY,
): { command: z.output<S> } | { refusal: CommandRefusal } {
  if (payload.length > maxChars) {
    return { refusal: { type: 'refused', id: null, reason: 'This command is too large; send it in parts' } };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return { refusal: { type: 'refused', id: null, reason: 'Commands are JSON' } };
  }
  const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const reason = issue ? `${issue.path.join('.') || 'command'}: ${issue.message}` : 'Unknown command';
    return { refusal: { type: 'refused', id, reason } };
  }
  return { command: parsed.data };
}
