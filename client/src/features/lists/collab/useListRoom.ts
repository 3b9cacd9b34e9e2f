import { collabApi } from '@nomen/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { apiFetch } from '../../../api/apiFetch';
import { ListRoomClient, type RoomSnapshot } from './ListRoomClient';

const IDLE: RoomSnapshot = {
  status: 'connecting',
  synced: false,
  error: null,
  threads: [],
  lock: { isLocked: false, lockedBy: null, lockedByName: null, lockedAt: null },
  presence: [],
};

/**
 * Joins the live room of a saved list while `enabled` (the live-collaboration flag is on and the
 * list exists) and leaves it on unmount or when the list changes (issue 4). Returns the room
 * client (null while disabled) and its current snapshot.
 */
export function useListRoom(
  listId: number | null,
  enabled: boolean,
  user: { id: number; name: string },
  onRefetch: (by: string) => void,
): { room: ListRoomClient | null; snapshot: RoomSnapshot } {
  const [room, setRoom] = useState<ListRoomClient | null>(null);
  const { id: userId, name: userName } = user;
  const [refetch] = useState(() => ({ current: onRefetch }));
  refetch.current = onRefetch;

  useEffect(() => {
    if (!enabled || listId === null) return;
    const client = new ListRoomClient({
      user: { id: userId, name: userName },
      fetchToken: () => apiFetch(collabApi.token, { params: { id: listId } }),
      onRefetch: (by) => refetch.current(by),
    });
    setRoom(client);
    void client.start();
    return () => {
      client.destroy();
      setRoom(null);
    };
  }, [enabled, listId, userId, userName, refetch]);

  const snapshot = useSyncExternalStore(room?.subscribe ?? noopSubscribe, room?.getSnapshot ?? idleSnapshot);
  return { room, snapshot };
}

function noopSubscribe(): () => void {
  return () => {};
}

function idleSnapshot(): RoomSnapshot {
  return IDLE;
}
