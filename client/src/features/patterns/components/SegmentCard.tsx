import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Paper, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { describeSegment, type PatternSegment } from '@nomen/shared';
import { IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { type KeyboardEventHandler, type MouseEvent, type PointerEventHandler, useState } from 'react';
import { SEGMENT_KIND_COLORS, SEGMENT_KIND_LABELS, segmentTitle } from '../patternDraft';
import classes from './SegmentCard.module.css';

/** Props of SegmentCard. */
export interface SegmentCardProps {
  segment: PatternSegment;
  /** 1-based place of the segment in the code. */
  position: number;
  /** A problem the last save found with this segment (spec 02 §5), shown on the card. */
  error?: string;
  onOpen: () => void;
  onRemove: () => void;
}

/**
 * One segment of the pattern builder's grid (spec 02 §2): its colour-coded kind, name and
 * describeSegment text. The card can be dragged with the mouse anywhere on it, or with the
 * keyboard from its drag handle (Space to pick up, arrows to move, Space to drop); a click on
 * the card or its edit button opens the segment, and its remove button asks a small
 * confirmation first.
 */
export function SegmentCard({ segment, position, error, onOpen, onRemove }: SegmentCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: segment.id });
  // The mouse drags the whole card; the keyboard drags from the handle, so keys on the card's
  // other buttons keep their meaning.
  const onPointerDown = listeners?.onPointerDown as PointerEventHandler<HTMLDivElement> | undefined;
  const onHandleKeyDown = listeners?.onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined;
  const title = segmentTitle(segment);
  const color = SEGMENT_KIND_COLORS[segment.segment_type];

  const onCardClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Node;
    // Clicks in the remove popover (a portal) or on the card's own buttons are not "open".
    if (!event.currentTarget.contains(target)) return;
    if (target instanceof Element && target.closest('button, [role="button"]')) return;
    onOpen();
  };

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      data-dragging={isDragging || undefined}
      data-invalid={error ? true : undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        borderLeftColor: `var(--mantine-color-${color}-6)`,
      }}
      onPointerDown={onPointerDown}
      onClick={onCardClick}
      data-testid="segment-card"
      aria-label={`Segment ${position}: ${title}`}
      role="group"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="sm"
              className={classes.handle}
              {...attributes}
              onKeyDown={onHandleKeyDown}
              aria-label={`Reorder ${title}`}
            >
              <IconGripVertical size={16} aria-hidden />
            </ActionIcon>
            <Badge color={color} variant="light" size="sm">
              {position}. {SEGMENT_KIND_LABELS[segment.segment_type]}
            </Badge>
          </Group>
          <SegmentCardActions title={title} onOpen={onOpen} onRemove={onRemove} />
        </Group>
        <Text fw={600} size="sm" lineClamp={1} title={title}>
          {title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {describeSegment(segment)}
        </Text>
        {error ? (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Props of SegmentCardActions. */
interface SegmentCardActionsProps {
  /** The segment's name as its card shows it. */
  title: string;
  onOpen: () => void;
  onRemove: () => void;
}

/**
 * The card's edit and remove buttons (spec 02 §2); remove asks a small confirmation in a popover
 * first.
 */
function SegmentCardActions({ title, onOpen, onRemove }: SegmentCardActionsProps) {
  const [isConfirming, setConfirming] = useState(false);
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label="Edit" withArrow>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Edit ${title}`} onClick={onOpen}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Popover
        opened={isConfirming}
        onChange={setConfirming}
        position="bottom-end"
        withArrow
        trapFocus
        returnFocus
        shadow="md"
      >
        <Popover.Target>
          <Tooltip label="Remove" withArrow disabled={isConfirming}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Remove ${title}`}
              onClick={() => setConfirming((open) => !open)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown
          role="dialog"
          aria-label={`Remove ${title}?`}
          onPointerDown={(event) => event.stopPropagation()}
        >
          <Stack gap="xs">
            <Text size="sm">Remove {title}?</Text>
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                size="xs"
                color="red"
                onClick={() => {
                  setConfirming(false);
                  onRemove();
                }}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
