import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconPlugConnectedX } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Presence } from '../../lists/collab/ListRoomClient';
import { PresenceAvatars } from '../../lists/collab/PresenceAvatars';
import { presenceColor } from '../../lists/collab/threads';
import { submissionPath } from '../codesPaths';
import type { DraftRoomSnapshot } from './DraftRoomClient';

/** What the bar shows of the room's snapshot (not its rows or threads). */
export type DraftRoomBarState = Pick<
  DraftRoomSnapshot,
  'status' | 'loaded' | 'pending' | 'meta' | 'others' | 'error'
>;

/** Props of DraftRoomBar. */
export interface DraftRoomBarProps {
  submissionId: number;
  snapshot: DraftRoomBarState;
  /** The signed-in user (first among the avatars). */
  user: { id: number; name: string };
  /** Shown beside the avatars (the draft's comments). */
  children?: ReactNode;
}

/** The people in the draft as the avatars show them: this person, then one entry per other connection. */
function presenceOf(snapshot: DraftRoomBarState, user: DraftRoomBarProps['user']): Presence[] {
  const self: Presence = {
    clientId: 0,
    userId: user.id,
    name: user.name,
    color: presenceColor(user.id),
    cell: null,
    isSelf: true,
  };
  return [
    self,
    ...snapshot.others.map((o) => ({
      clientId: o.clientId,
      userId: o.user.id,
      name: o.user.name,
      color: o.user.color,
      cell: null,
      isSelf: false,
    })),
  ];
}

/** The line about the connection: offline with edits waiting, connecting, or the room's failure. */
function ConnectionNotice({ snapshot }: { snapshot: DraftRoomBarState }) {
  if (snapshot.status === 'failed')
    return (
      <Alert color="red" icon={<IconPlugConnectedX size={18} aria-hidden />} role="alert" py="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{snapshot.error ?? 'The shared draft could not be reached.'}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  if (snapshot.status === 'offline') {
    const waiting = snapshot.pending === 1 ? '1 edit waits' : `${snapshot.pending} edits wait`;
    return (
      <Alert color="yellow" icon={<Loader size={16} color="yellow" aria-hidden />} role="status" py="xs">
        <Text size="sm" data-testid="draft-offline">
          Offline: keep editing, your edits are sent when the connection is back
          {snapshot.pending > 0 ? ` (${waiting})` : ''}.
        </Text>
      </Alert>
    );
  }
  return null;
}

/**
 * The bar over a shared draft's table (ARCHITECTURE.md, Live collaboration): who is in the draft
 * (avatars in their colours), whether edits wait for the server, the connection's state (offline:
 * edits are kept and sent on reconnect), and once anyone submitted it "Submitted by <name>" with a
 * link to the submission, where its codes are.
 */
export function DraftRoomBar({ submissionId, snapshot, user, children }: DraftRoomBarProps) {
  const presence = useMemo(() => presenceOf(snapshot, user), [snapshot, user]);
  const { meta } = snapshot;
  const isSaving = snapshot.pending > 0 && meta.status === 'open';
  return (
    <>
      {meta.status === 'closed' ? (
        <Alert
          color="green"
          icon={<IconCircleCheck size={18} aria-hidden />}
          title={`Submitted by ${meta.closedByName ?? 'someone'}`}
          role="status"
          data-testid="draft-closed"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              This draft is {meta.submissionStatus === 'Pending' ? 'waiting for approval' : 'submitted'} and
              can no longer be edited.
            </Text>
            <Button component={Link} to={submissionPath(submissionId)} size="xs">
              See the submission and its codes
            </Button>
          </Group>
        </Alert>
      ) : null}
      {meta.status === 'closed' ? null : <ConnectionNotice snapshot={snapshot} />}
      <Group justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <PresenceAvatars presence={presence} />
          {children}
        </Group>
        <Text size="xs" c="dimmed" role="status" data-testid="draft-sync">
          {snapshot.status === 'connecting' || !snapshot.loaded
            ? 'Joining the shared draft…'
            : isSaving
              ? 'Saving…'
              : 'All changes saved'}
        </Text>
      </Group>
    </>
  );
}
