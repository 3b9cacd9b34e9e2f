import type { DraftRoomMessage } from '@nomen/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSignedIn } from '../../auth/api';
import { DraftRoomClient, type DraftRoomSnapshot } from './DraftRoomClient';

/**
 * Joins the room of shared draft `submissionId` (null: none, e.g. a draft nobody shares) and
 * leaves it on unmount or when the id changes (ARCHITECTURE.md, Live collaboration). Answers the
 * room client (null while none) and its current snapshot (null while none). `onMessage` receives
 * every server message (the latest function is called; it need not be stable).
 */
export function useDraftRoom(
  submissionId: number | null,
  onMessage?: (message: DraftRoomMessage) => void,
): { client: DraftRoomClient | null; snapshot: DraftRoomSnapshot | null } {
  const { user } = useSignedIn();
  const [client, setClient] = useState<DraftRoomClient | null>(null);
  const [handler] = useState(() => ({ current: onMessage }));
  handler.current = onMessage;
  const { id: userId, name: userName } = user;

  useEffect(() => {
    if (submissionId === null) return;
    const room = new DraftRoomClient({
      submissionId,
      user: { id: userId, name: userName },
      onMessage: (message) => handler.current?.(message),
    });
    setClient(room);
    return () => {
      room.destroy();
      setClient(null);
    };
  }, [submissionId, userId, userName, handler]);

  const snapshot = useSyncExternalStore(
    client?.subscribe ?? noopSubscribe,
    client?.getSnapshot ?? noSnapshot,
  );
  return { client, snapshot };
}

function noopSubscribe(): () => void {
  return () => {};
}

function noSnapshot(): null {
  return null;
}
