import { z } from 'zod';
import { endpoint } from '../core/contract';
import { bigIdSchema, idParamSchema, idSchema, okSchema, text } from '../core/schemas';

/** The collaboration room of a list: `<account uuid>:<list id>` (ARCHITECTURE.md, Live collaboration). */
export function roomName(accountUuid: string, listId: number): string {
  return `${accountUuid}:${listId}`;
}

/** The account uuid and list id of a room name, or null when the name is malformed. */
export function parseRoomName(name: string): { accountUuid: string; listId: number } | null {
  const match = /^([0-9a-f-]{36}):([1-9][0-9]{0,9})$/.exec(name);
  if (!match) return null;
  return { accountUuid: match[1]!, listId: Number(match[2]) };
}

/** Longest comment or suggestion body, in characters (issue 4: bodies are length-limited). */
export const COMMENT_MAX_LENGTH = 2000;
/** How long a lock lasts without activity from its holder (ms); the holder renews it while active. */
export const LOCK_IDLE_TIMEOUT_MS = 120_000;
/** How often an active lock holder renews the lock (ms). */
export const LOCK_RENEW_INTERVAL_MS = 20_000;

/** Review states of a thread (spec 02 §3, §9: pending blue, approved green, rejected red). */
export const THREAD_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

/** One comment of a thread; author and time are set by the collab server. */
export interface ThreadComment {
  id: string;
  userId: number;
  userName: string;
  createdAt: string;
  body: string;
}

/**
 * A thread (spec 02 §3): a cell comment, a suggestion for a cell (status pending → approved or
 * rejected) or a general comment on the list; comments and replies in order.
 */
export interface Thread {
  id: string;
  createdAt: string;
  updatedAt: string;
  resolved: boolean;
  comments: ThreadComment[];
  metadata: {
    type: 'cell' | 'suggestion' | 'general';
    /** The cell: its saved list value id when it has one, and its column and row. */
    listValueId: number | null;
    columnId: number | null;
    rowNumber: number | null;
    /** In a draft room: the cell's row id (its template field id is `columnId`). */
    rowId?: string | null;
    status: ThreadStatus | null;
    userId: number;
    userName: string;
    /** For a suggestion: the cell's value when suggested, and the suggested value. */
    prevValue: string | null;
    currentValue: string | null;
    moderatedById: number | null;
    moderatedByName: string | null;
    moderatedAt: string | null;
  };
}

/** The list lock (spec 02 §3). */
export interface LockState {
  isLocked: boolean;
  lockedBy: number | null;
  lockedByName: string | null;
  lockedAt: string | null;
}

/** Names of the shared types in a list room's Y.Doc. */
export const ROOM_KEYS = { threads: 'threads', lock: 'lock' } as const;

const body = text(COMMENT_MAX_LENGTH).trim().min(1, 'Write something first');
const cell = z.object({
  listValueId: bigIdSchema.nullable(),
  columnId: idSchema,
  rowNumber: z.number().int().min(0).max(9999),
});

/**
 * The commands a client sends to a list room as stateless messages (ARCHITECTURE.md: every
 * change is a typed command validated on the collab server). `id` pairs the answer with the
 * command.
 */
export const roomCommandSchema = z.discriminatedUnion('type', [
  z.object({ id: z.string().min(1).max(64), type: z.literal('comment.add'), cell: cell.nullable(), body }),
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('suggestion.add'),
    cell,
    prevValue: text(2000),
    value: text(2000),
    body: z.string().trim().max(COMMENT_MAX_LENGTH).default(''),
  }),
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('comment.reply'),
    threadId: z.string().min(1).max(64),
    body,
  }),
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('thread.resolve'),
    threadId: z.string().min(1).max(64),
    resolved: z.boolean(),
  }),
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('thread.moderate'),
    decisions: z
      .array(
        z.object({
          threadId: z.string().min(1).max(64),
          status: z.enum(['approved', 'rejected']),
          prevValue: text(2000).nullable(),
          currentValue: text(2000).nullable(),
        }),
      )
      .min(1)
      .max(1000),
  }),
  z.object({
    id: z.string().min(1).max(64),
    type: z.literal('thread.withdraw'),
    threadId: z.string().min(1).max(64),
  }),
  z.object({ id: z.string().min(1).max(64), type: z.literal('lock.take') }),
  z.object({ id: z.string().min(1).max(64), type: z.literal('lock.release') }),
  z.object({ id: z.string().min(1).max(64), type: z.literal('list.saved') }),
]);
export type RoomCommand = z.infer<typeof roomCommandSchema>;
export type RoomCommandInput = z.input<typeof roomCommandSchema>;

/** What the collab server sends back or broadcasts as stateless messages. */
export type RoomMessage =
  | { type: 'ack'; id: string; threadId?: string }
  | { type: 'refused'; id: string | null; reason: string }
  | { type: 'refetch'; by: string };

/** The collaboration token endpoint's answer. */
export const collabTokenSchema = z.object({
  token: z.string(),
  room: z.string(),
  /** WebSocket URL of the collab server; null means /collab on the same host. */
  url: z.string().nullable(),
  expiresAt: z.string(),
  isApprover: z.boolean(),
});

/** Per-list collaboration state the lists page shows (spec 02 §2; projection written by collab). */
export const collabStateSchema = z.object({
  listId: z.number(),
  pendingSuggestions: z.number(),
  lockData: z.object({
    isLocked: z.boolean(),
    lockedBy: z.number().nullable(),
    lockedByName: z.string().nullable(),
    lockedAt: z.string().nullable(),
  }),
});
export type CollabState = z.infer<typeof collabStateSchema>;

/** REST endpoints of live collaboration (spec 02 §7: paths not shown, ours). */
export const collabApi = {
  token: endpoint({
    method: 'POST',
    path: '/api/v1/account/lists/:id/collab-token',
    tag: 'Live collaboration',
    summary:
      'A short-lived signed token to join the list room (user, name, account uuid, approver or not). Needs the live-collaboration flag.',
    permission: 'manage_lists',
    feature: 'live-collaboration',
    sessionOnly: true,
    params: idParamSchema,
    response: collabTokenSchema,
  }),
  state: endpoint({
    method: 'GET',
    path: '/api/v1/account/lists/collab-state',
    tag: 'Live collaboration',
    summary: 'Pending-suggestion counts and lock markers of every list, from the projection collab keeps.',
    permission: 'manage_lists',
    feature: 'live-collaboration',
    response: z.object({ data: z.array(collabStateSchema) }),
  }),
  feedback: endpoint({
    method: 'POST',
    path: '/api/v1/account/feedback',
    tag: 'Live collaboration',
    summary: 'Feedback from the list editor’s feedback modal, stored for the product team.',
    permission: 'signed-in',
    body: z.object({
      list_id: idSchema.nullish(),
      message: text(5000).trim().min(1, 'Write something first'),
      rating: z.number().int().min(1).max(5).nullish(),
    }),
    response: okSchema,
  }),
};
