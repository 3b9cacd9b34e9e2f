import { notifications } from '@mantine/notifications';
import type { LockState, RoomMessage } from '@nomen/shared';
import {
  type Dispatch,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { notifyError, notifySuccess, TOAST_MS } from '../../../ui/notify';
import { CommandOutbox, type OutboxCommand, type OutboxEntry } from './CommandOutbox';
import type { ListRoomClient, RoomSnapshot } from './ListRoomClient';
import { INITIAL_LOCK_REQUESTS, type LockRequestState, lockHolder, shouldTakeLock } from './lockActivity';
import {
  EMPTY_QUEUE,
  type ModerationQueue,
  type QueueAction,
  type QueuedModeration,
  queueReducer,
  reviewSaveState,
} from './reviewQueue';
import { planReviewSave, type ReviewSaveResult, runReviewSave } from './reviewSave';

/** What a review session is built on. */
export interface ReviewSessionOptions {
  /** The joined room, or null while live collaboration is off or the list is not saved. */
  room: ListRoomClient | null;
  snapshot: RoomSnapshot;
  userId: number;
  /** Holds approve_suggestions (spec 02 §6). */
  isApprover: boolean;
}

/** The review state and actions the list editor uses (spec 02 §4, §5). */
export interface ReviewSession {
  /** Live collaboration is on for this list (a room exists). */
  isLive: boolean;
  isConnected: boolean;
  lock: LockState;
  /** Who holds the lock from this user's point of view. */
  lockHolder: 'none' | 'me' | 'other';
  /** The queued decisions (spec 02 §4), written on save. */
  queue: ModerationQueue;
  queueDecisions(decisions: readonly QueuedModeration[]): void;
  unqueue(threadIds: readonly string[]): void;
  /** Save is allowed by the review (spec 02 §5), or the tooltip saying why not. */
  canSave: boolean;
  saveBlockedReason: string | null;
  /** Why approving and rejecting is not possible now, or null. */
  moderationBlockedReason: string | null;
  /** Pointer or keyboard activity over the table or panel: takes or renews the lock (spec 02 §4). */
  onActivity(): void;
  /** Releases this user's lock, if held. */
  releaseLock(): Promise<void>;
  /**
   * Saves the list and the queued decisions in order (spec 02 §4; planReviewSave): shows what
   * failed, clears the queue once the decisions are written. Resolves with how it went, or null
   * when nothing ran.
   */
  save(options: { isDirty: boolean; saveList: () => Promise<boolean> }): Promise<ReviewSaveResult | null>;
  isSaving: boolean;
  /**
   * Sends a comment, suggestion, reply or resolution, held back while offline (CommandOutbox);
   * resolves true once acknowledged, or shows the refusal and resolves false.
   */
  send(command: OutboxCommand): Promise<boolean>;
  /** Commands waiting for the connection. */
  outbox: readonly OutboxEntry[];
}

const NO_ENTRIES: readonly OutboxEntry[] = [];

function noopSubscribe(): () => void {
  return () => {};
}

/** Shows a refused command's reason (spec 02 §8: errors shown clearly). */
function isAcknowledged(answer: RoomMessage): boolean {
  if (answer.type === 'refused') {
    notifyError(answer.reason);
    return false;
  }
  return true;
}

/** The session's inputs as last rendered, read by callbacks that keep one identity. */
interface LatestSession {
  room: ListRoomClient | null;
  isApprover: boolean;
  isConnected: boolean;
  lock: LockState;
  userId: number;
}

/**
 * The room's command outbox (spec 02 §4: comments written offline are sent once the connection
 * is back): one per room, flushed whenever the connection status changes. Returns `send` (true
 * once acknowledged; a refusal is shown and gives false) and the entries still waiting.
 */
function useRoomOutbox(room: ListRoomClient | null, status: RoomSnapshot['status']) {
  const outbox = useMemo(
    () =>
      room
        ? new CommandOutbox({
            status: () => room.getSnapshot().status,
            command: (command) => room.command(command),
          })
        : null,
    [room],
  );
  const outboxEntries = useSyncExternalStore(
    outbox?.subscribe ?? noopSubscribe,
    outbox?.getEntries ?? (() => NO_ENTRIES),
  );
  useEffect(() => {
    void status;
    void outbox?.flush();
  }, [outbox, status]);

  const send = useCallback(
    async (command: OutboxCommand) => {
      if (!outbox) {
        notifyError('Live collaboration is not available for this list');
        return false;
      }
      return isAcknowledged(await outbox.send(command));
    },
    [outbox],
  );
  return { send, outboxEntries };
}

/**
 * The review lock (spec 02 §4): `onActivity` takes or renews it when shouldTakeLock says so
 * (one request at a time; a refusal pauses the attempts), `releaseLock` gives it back when held.
 */
function useReviewLock(latest: RefObject<LatestSession>, requests: RefObject<LockRequestState>) {
  const onActivity = useCallback(() => {
    const { room: current, isApprover: approver, isConnected: connected, lock, userId: me } = latest.current;
    const now = Date.now();
    if (
      !current ||
      !shouldTakeLock({
        isApprover: approver,
        isConnected: connected,
        lock,
        userId: me,
        now,
        requests: requests.current,
      })
    ) {
      return;
    }
    requests.current = { ...requests.current, inFlight: true };
    void current.command({ type: 'lock.take' }).then((answer) => {
      if (latest.current.room !== current) return;
      requests.current =
        answer.type === 'ack'
          ? { inFlight: false, lastTakenAt: Date.now(), pausedAt: null }
          : { inFlight: false, lastTakenAt: null, pausedAt: Date.now() };
    });
  }, [latest, requests]);

  const releaseLock = useCallback(async () => {
    const { room: current, lock, userId: me } = latest.current;
    if (!current || lockHolder(lock, me) !== 'me') return;
    requests.current = { inFlight: false, lastTakenAt: null, pausedAt: Date.now() };
    await current.command({ type: 'lock.release' });
  }, [latest, requests]);

  return { onActivity, releaseLock };
}

/** Shows how a review save went: its error, its success toast (decisions only) and its warning. */
function notifyReviewSaveResult(result: ReviewSaveResult): void {
  if (result.error) notifyError(result.error);
  // Only decisions were written (all rejections): the list's own "List saved" never shows.
  if (result.success) notifySuccess(result.success);
  if (result.warning) {
    notifications.show({ color: 'yellow', message: result.warning, autoClose: TOAST_MS });
  }
}

/**
 * The review's save sequence (spec 02 §4; planReviewSave, runReviewSave): refuses with the plan's
 * reason, runs the steps, clears the queue once the decisions are written and pauses taking the
 * lock again after the save released it. Returns `save` and whether a save is running.
 */
function useReviewSaveSequence(
  queue: ModerationQueue,
  dispatch: Dispatch<QueueAction>,
  latest: RefObject<LatestSession>,
  requests: RefObject<LockRequestState>,
) {
  const [isSaving, setIsSaving] = useState(false);
  const save = useCallback(
    async ({ isDirty, saveList }: { isDirty: boolean; saveList: () => Promise<boolean> }) => {
      const plan = planReviewSave({ queue, isDirty, isConnected: latest.current.isConnected });
      if (!plan.ok) {
        notifyError(plan.reason);
        return null;
      }
      if (plan.steps.length === 0) return null;
      const current = latest.current.room;
      setIsSaving(true);
      try {
        const result = await runReviewSave(plan.steps, queue, {
          command: (command) =>
            current
              ? current.command(command)
              : Promise.resolve({ type: 'refused', id: null, reason: 'Not connected to the review' }),
          saveList,
        });
        if (result.decisionsSaved) dispatch({ type: 'clear' });
        if (result.completed.includes('announce') || result.completed.includes('release')) {
          // Released by the save: do not take it back at once for the same pointer movement.
          requests.current = { inFlight: false, lastTakenAt: null, pausedAt: Date.now() };
        }
        notifyReviewSaveResult(result);
        return result;
      } finally {
        setIsSaving(false);
      }
    },
    [queue, dispatch, latest, requests],
  );
  return { save, isSaving };
}

/**
 * The review session of a list under live collaboration (spec 02 §4, §5, §6): the moderation
 * queue (one decision per suggestion, pruned when a thread is decided elsewhere); whether save is
 * allowed and why not; the lock, taken on pointer or keyboard activity over the table or panel
 * when this approver is connected and nobody else holds it, renewed every
 * LOCK_RENEW_INTERVAL_MS while activity continues, released after a save; the save sequence
 * (lock, list, decisions, announcement, or decisions only when all are rejections); and an
 * outbox that sends comments written offline once the connection is back.
 */
export function useReviewSession({
  room,
  snapshot,
  userId,
  isApprover,
}: ReviewSessionOptions): ReviewSession {
  const [queue, dispatch] = useReducer(queueReducer, EMPTY_QUEUE);
  const requests = useRef<LockRequestState>(INITIAL_LOCK_REQUESTS);
  const isConnected = room !== null && snapshot.status === 'connected';
  const holder = lockHolder(snapshot.lock, userId);
  const { send, outboxEntries } = useRoomOutbox(room, snapshot.status);

  // A decision for a thread decided elsewhere (or gone) can no longer be written.
  useEffect(() => {
    dispatch({ type: 'prune', threads: snapshot.threads });
  }, [snapshot.threads]);

  // A new room (another list, or live collaboration switched) starts a fresh session.
  useEffect(() => {
    void room;
    requests.current = INITIAL_LOCK_REQUESTS;
    dispatch({ type: 'clear' });
  }, [room]);

  const latest = useRef<LatestSession>({ room, isApprover, isConnected, lock: snapshot.lock, userId });
  latest.current = { room, isApprover, isConnected, lock: snapshot.lock, userId };
  const { onActivity, releaseLock } = useReviewLock(latest, requests);
  const { save, isSaving } = useReviewSaveSequence(queue, dispatch, latest, requests);

  const queueDecisions = useCallback(
    (decisions: readonly QueuedModeration[]) => dispatch({ type: 'queue', decisions }),
    [],
  );
  const unqueue = useCallback((threadIds: readonly string[]) => dispatch({ type: 'unqueue', threadIds }), []);

  const saveState = useMemo(() => reviewSaveState(snapshot.threads, queue), [snapshot.threads, queue]);
  const isLive = room !== null;
  const moderationBlockedReason = !isLive
    ? null
    : holder === 'other'
      ? `${snapshot.lock.lockedByName ?? 'Someone'} is reviewing this list`
      : !isConnected
        ? 'Not connected to the review'
        : null;

  return {
    isLive,
    isConnected,
    lock: snapshot.lock,
    lockHolder: holder,
    queue,
    queueDecisions,
    unqueue,
    canSave: !isLive || !isApprover || saveState.canSave,
    saveBlockedReason: isLive && isApprover ? saveState.reason : null,
    moderationBlockedReason,
    onActivity,
    releaseLock,
    save,
    isSaving,
    send,
    outbox: outboxEntries,
  };
}
