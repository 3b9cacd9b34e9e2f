import { Badge, Button, Group, Text } from '@mantine/core';
import { IconShare, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useSignedIn } from '../../../auth/api';
import { useDraftSharing } from '../../api';
import { ShareDraftDialog, type SharedDraftRef } from './ShareDraftDialog';
import { isShared, sharingSummary } from './sharingText';

/** The draft the control is about: a submission summary's fields it reads. */
export interface SharingControlDraft extends SharedDraftRef {
  status: string;
  submitter: { id: number | null; name: string };
}

/** How many people a sharing names, in words ("everyone", "2 people"). */
function sharedWithLabel(everyone: boolean, people: number): string {
  if (everyone) return 'Shared with everyone';
  return `Shared with ${people === 1 ? '1 person' : `${people} people`}`;
}

/**
 * The draft header's sharing control (shared drafts): for the owner of a Draft, "Share draft"
 * (with how many it is shared with) opening {@link ShareDraftDialog}; for the people in a shared
 * draft who are not its owner, who shared it and with whom, read-only. Nothing for a submission
 * that is not a Draft, or for a reader the sharing is not answered to.
 */
export function DraftSharingControl({ draft }: { draft: SharingControlDraft }) {
  const { user } = useSignedIn();
  const isDraft = draft.status === 'Draft';
  const isOwner = draft.submitter.id === user.id;
  const sharing = useDraftSharing(draft.id, isDraft);
  const [isOpen, setIsOpen] = useState(false);
  if (!isDraft || !sharing.data) return null;

  if (!isOwner) {
    return (
      <Group gap={6} wrap="nowrap" aria-label="Sharing" role="note">
        <IconUsers size={16} aria-hidden />
        <Text size="sm">{sharingSummary(sharing.data, draft.submitter.name, draft.template_name)}</Text>
      </Group>
    );
  }
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {isShared(sharing.data) ? (
          <Badge variant="light" color="blue" leftSection={<IconUsers size={12} aria-hidden />}>
            {sharedWithLabel(sharing.data.everyone, sharing.data.people.length)}
          </Badge>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconShare size={16} aria-hidden />}
          onClick={() => setIsOpen(true)}
        >
          Share draft
        </Button>
      </Group>
      {isOpen ? (
        <ShareDraftDialog draft={draft} sharing={sharing.data} onClose={() => setIsOpen(false)} />
      ) : null}
    </>
  );
}
