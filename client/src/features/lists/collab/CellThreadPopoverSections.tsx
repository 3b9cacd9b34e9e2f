import {
  ActionIcon,
  Button,
  Group,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { COMMENT_MAX_LENGTH, type Thread } from '@nomen/shared';
import { IconX } from '@tabler/icons-react';
import { type ThreadActions, ThreadCard } from './ThreadCard';

/** Props of CellPopoverHeader. */
export interface CellPopoverHeaderProps {
  /** "Channel, row 3". */
  cellLabel: string;
  onClose: () => void;
}

/** The cell popover's title (the cell) and its close button (spec 02 §9). */
export function CellPopoverHeader({ cellLabel, onClose }: CellPopoverHeaderProps) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {cellLabel}
      </Text>
      <Tooltip label="Close" withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label="Close comments on this cell" onClick={onClose}>
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Props of CellThreadList. */
export interface CellThreadListProps {
  /** The cell's threads, oldest first. */
  threads: readonly Thread[];
  actions: ThreadActions;
  now: Date;
}

/** The cell's threads in a scrolling column, or a line saying there are none (spec 02 §2). */
export function CellThreadList({ threads, actions, now }: CellThreadListProps) {
  if (threads.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No comments on this cell yet.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="40vh" type="auto">
      <Stack gap="xs">
        {threads.map((thread) => (
          <ThreadCard key={thread.id} thread={thread} actions={actions} now={now} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** Props of SuggestValueForm. */
export interface SuggestValueFormProps {
  /** The cell's text now. */
  cellValue: string;
  value: string;
  onValueChange: (value: string) => void;
  reason: string;
  onReasonChange: (reason: string) => void;
  isSending: boolean;
  onSubmit: () => void;
}

/**
 * The "Suggest a value" form of a non-approver (spec 02 §6): the suggested value (prefilled with
 * the cell's text), an optional reason, and Suggest, aria-disabled until the value changes.
 */
export function SuggestValueForm({
  cellValue,
  value,
  onValueChange,
  reason,
  onReasonChange,
  isSending,
  onSubmit,
}: SuggestValueFormProps) {
  const isUnchanged = value === cellValue;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="Suggested value"
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          maxLength={COMMENT_MAX_LENGTH}
          description={cellValue === '' ? 'The cell is empty now' : `Now: ${cellValue}`}
          data-autofocus
        />
        <Textarea
          label="Why (optional)"
          value={reason}
          onChange={(event) => onReasonChange(event.currentTarget.value)}
          maxLength={COMMENT_MAX_LENGTH}
          autosize
          minRows={1}
          maxRows={5}
        />
        <Group justify="flex-end">
          <Tooltip label="Change the value first" disabled={!isUnchanged}>
            <Button
              size="xs"
              type="submit"
              loading={isSending}
              data-disabled={isUnchanged || undefined}
              aria-disabled={isUnchanged || undefined}
            >
              Suggest
            </Button>
          </Tooltip>
        </Group>
      </Stack>
    </form>
  );
}
