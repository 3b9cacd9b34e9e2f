import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { RoomStatus } from './ListRoomClient';

/** How long the first connection may take before the banner says it is still connecting (ms). */
const CONNECTING_GRACE_MS = 4000;

/** The banner's words while the room is offline (issue 4 §8). */
export const OFFLINE_MESSAGE =
  'Reconnecting… your changes to comments will be sent when the connection is back.';

/** Props of OfflineBanner. */
export interface OfflineBannerProps {
  status: RoomStatus;
  /** Why the room failed, shown with the failed state. */
  error: string | null;
  /** Tries again (the editor reloads the page). */
  onRetry: () => void;
}

/**
 * The connection banner of the list editor under live collaboration (issue 4 §8): nothing while
 * connected; "Reconnecting…" while the room is offline (the room client reconnects by itself and
 * comments written meanwhile wait in the outbox); "Connecting…" when the first connection takes
 * longer than a few seconds; and a red failure with the reason and a Retry button when the room
 * cannot be joined. A status live region.
 */
export function OfflineBanner({ status, error, onRetry }: OfflineBannerProps) {
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    if (status !== 'connecting') {
      setIsSlow(false);
      return;
    }
    const timer = setTimeout(() => setIsSlow(true), CONNECTING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  if (status === 'failed') {
    return (
      <Alert
        color="red"
        icon={<IconPlugConnectedX size={18} aria-hidden />}
        title="Live collaboration is unavailable"
        role="alert"
      >
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Text size="sm">{error ?? 'The review server could not be reached.'}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (status === 'offline' || (status === 'connecting' && isSlow)) {
    return (
      <Alert color="yellow" icon={<Loader size={16} color="yellow" aria-hidden />} role="status" py="xs">
        <Text size="sm">{status === 'offline' ? OFFLINE_MESSAGE : 'Connecting to live collaboration…'}</Text>
      </Alert>
    );
  }
  return null;
}
