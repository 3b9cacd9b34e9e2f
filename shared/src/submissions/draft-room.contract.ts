import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from '../collab/collab.contract';
import { endpoint } from '../core/contract';
import { idParamSchema, idSchema, text } from '../core/schemas';
import { SUBMISSION_MAX_ROWS, SUBMISSION_MAX_VALUE_LENGTH } from './submissions.contract';

/**
 * Submission drafts edited together, live (ARCHITECTURE.md "Live collaboration"; spec 01 §2.7
 * says who may use a template, and only they may join). A shared draft has a room of its own on
 * the collab server, beside the list rooms and authorised by the same kind of signed token: its
 * Y.Doc holds the rows keyed by stable row ids, the draft's meta and its threads. Clients join
 * read-only and change the draft only through the commands below, which the collab server checks,
 * applies and stores before it acknowledges them (so an acknowledged edit survives a SIGKILL).
 * Nothing here imports Yjs: the Y.Doc's shape and its reader/writer are `@nomen/shared/draft-room`.
 */

/** A draft room's name: `<account uuid>:submission:<submission id>`. */
export function draftRoomName(accountUuid: string, submissionId: number): string {
  return `${accountUuid}:submission:${submissionId}`;
}

/** The account uuid and submission id of a draft room's name, or null for any other name. */
export function parseDraftRoomName(name: string): { accountUuid: string; submissionId: number } | null {
  const match = /^([0-9a-f-]{36}):submission:([1-9][0-9]{0,9})$/.exec(name);
  if (!match) return null;
  return { accountUuid: match[1]!, submissionId: Number(match[2]) };
}

/** A stable row id: made by the client that adds the row (a UUID or any 8-40 URL-safe characters). */
export const DRAFT_ROW_ID = /^[A-Za-z0-9_-]{8,40}$/;
/** A template field id as a row's key (as in submission rows). */
export const DRAFT_FIELD_KEY = /^(?:[1-9][0-9]{0,9}|TEMP_[A-Za-z0-9_-]{1,58})$/;
/** Most cells one `cells.set` command writes (a 5,000-row paste of 20 columns). */
export const DRAFT_MAX_CELLS_PER_COMMAND = 100_000;
/** Most rows one `rows.insert` or `rows.remove` command carries. */
export const DRAFT_MAX_ROWS_PER_COMMAND = 10_000;
/** Most rows a draft room holds (as a submission). */
export const DRAFT_MAX_ROWS = SUBMISSION_MAX_ROWS;
/** Largest command, in bytes of its JSON: a 10,000-row insert of 20 full-length cells fits. */
export const DRAFT_MAX_COMMAND_BYTES = 48 * 1024 * 1024;

/** Names of the shared types in a draft room's Y.Doc (see `@nomen/shared/draft-room`). */
export const DRAFT_ROOM_KEYS = {
  /** Y.Array of row ids: the rows' order. */
  order: 'order',
  /** Y.Map of row id → Y.Map of template field id → text. */
  rows: 'rows',
  /** Y.Map: status, closedByName, closedAt, submissionStatus. */
  meta: 'meta',
  /** Y.Map of thread id → Thread (as list rooms). */
  threads: 'threads',
} as const;

const rowId = z.string().regex(DRAFT_ROW_ID, 'A row id is 8-40 letters, digits, - or _');
const fieldKey = z.string().regex(DRAFT_FIELD_KEY, 'A key is a template field id');
const value = text(SUBMISSION_MAX_VALUE_LENGTH);
const commandId = z.string().min(1).max(64);
const body = text(COMMENT_MAX_LENGTH).trim().min(1, 'Write something first');
/** A cell of a draft: its row id and template field id. */
export const draftCellSchema = z.object({ row: rowId, field: fieldKey });
/** A cell of a draft. */
export type DraftCell = z.infer<typeof draftCellSchema>;

/**
 * The commands a client sends to a draft room as stateless messages. `id` pairs the answer with
 * the command.
 * - `cells.set`: writes cells of existing rows (the same cell: last writer wins; the one whose
 *   value was replaced is told, DraftRoomMessage `overwritten`).
 * - `rows.insert`: adds rows after `after` (null: at the top; a removed or unknown `after`: at the
 *   end), each with its client-made id and cells; an id already in the draft is refused.
 * - `rows.remove`: removes rows by id (ids no longer there are skipped, so two people removing the
 *   same row remove it once).
 * - `comment.add`, `comment.reply`, `thread.resolve`: cell and general comments (as list rooms).
 */
export const draftCommandSchema = z.discriminatedUnion('type', [
  z.object({
    id: commandId,
    type: z.literal('cells.set'),
    cells: z
      .array(z.object({ row: rowId, field: fieldKey, value }))
      .min(1)
      .max(DRAFT_MAX_CELLS_PER_COMMAND),
  }),
  z.object({
    id: commandId,
    type: z.literal('rows.insert'),
    after: rowId.nullable(),
    rows: z
      .array(z.object({ id: rowId, cells: z.record(fieldKey, value) }))
      .min(1)
      .max(DRAFT_MAX_ROWS_PER_COMMAND),
  }),
  z.object({
    id: commandId,
    type: z.literal('rows.remove'),
    rows: z.array(rowId).min(1).max(DRAFT_MAX_ROWS_PER_COMMAND),
  }),
  z.object({ id: commandId, type: z.literal('comment.add'), cell: draftCellSchema.nullable(), body }),
  z.object({ id: commandId, type: z.literal('comment.reply'), threadId: z.string().min(1).max(64), body }),
  z.object({
    id: commandId,
    type: z.literal('thread.resolve'),
    threadId: z.string().min(1).max(64),
    resolved: z.boolean(),
  }),
]);
/** A draft-room command. */
export type DraftCommand = z.infer<typeof draftCommandSchema>;
/** A draft-room command as sent. */
export type DraftCommandInput = z.input<typeof draftCommandSchema>;

/**
 * What the collab server sends back or to one person in a draft room (stateless messages):
 * - `ack`: the command is applied and stored; `threadId` of a new thread.
 * - `refused`: nothing of the command was applied; the reason.
 * - `overwritten`: another person's write replaced cells this person wrote last.
 */
export type DraftRoomMessage =
  | { type: 'ack'; id: string; threadId?: string }
  | { type: 'refused'; id: string | null; reason: string }
  | { type: 'overwritten'; by: string; cells: DraftCell[] };

/**
 * A person's presence in a draft room (their awareness state): who (set from their token by the
 * collab server), the cell they have selected, and what they are typing into it before it is
 * committed (shown live to the others).
 */
export interface DraftPresence {
  user: { id: number; name: string; color?: string };
  cell?: DraftCell | null;
  typing?: string | null;
}

/** Who a draft is shared with (spec 01 §2.7: only people who may use the template). */
export const draftSharingSchema = z.object({
  /** Everyone who may use the template may open it. */
  everyone: z.boolean(),
  /** The people invited by name. */
  people: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
});
/** Who a draft is shared with. */
export type DraftSharing = z.infer<typeof draftSharingSchema>;

/** A person who may be invited to a draft: one who may use its template. */
export const draftCandidateSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** The collaboration token of a draft room. */
export const draftTokenSchema = z.object({
  token: z.string(),
  room: z.string(),
  /** WebSocket URL of the collab server; null means /collab on the same host. */
  url: z.string().nullable(),
  expiresAt: z.string(),
});

/** The shared-draft endpoints (paths ours, beside the submission endpoints). */
export const draftRoomApi = {
  sharing: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/:id/sharing',
    tag: 'Submissions',
    summary: 'Who a draft is shared with. Its owner and the people it is shared with may read it.',
    permission: 'signed-in',
    params: idParamSchema,
    response: draftSharingSchema,
  }),
  share: endpoint({
    method: 'PUT',
    path: '/api/v1/account/submissions/:id/sharing',
    tag: 'Submissions',
    summary:
      'Shares a draft (its owner only): with everyone who may use its template, and/or with the people named, each of whom must be able to use it. Replaces the sharing; sharing with nobody makes it single-player again.',
    permission: 'signed-in',
    params: idParamSchema,
    body: z.object({
      everyone: z.boolean(),
      user_ids: z.array(idSchema).max(500),
    }),
    response: draftSharingSchema,
  }),
  candidates: endpoint({
    method: 'GET',
    path: '/api/v1/account/submissions/:id/share-candidates',
    tag: 'Submissions',
    summary: 'The people a draft may be shared with: those who may use its template, its owner left out.',
    permission: 'signed-in',
    params: idParamSchema,
    response: z.object({ data: z.array(draftCandidateSchema) }),
  }),
  token: endpoint({
    method: 'POST',
    path: '/api/v1/account/submissions/:id/collab-token',
    tag: 'Submissions',
    summary:
      'A short-lived signed token to join a shared draft’s room. Its owner and the people it is shared with who may use the template; 404 for anyone else.',
    permission: 'signed-in',
    sessionOnly: true,
    params: idParamSchema,
    response: draftTokenSchema,
  }),
};
