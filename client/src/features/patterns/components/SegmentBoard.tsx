import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Box, Button, EmptyState, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  PATTERN_MAX_SEGMENTS,
  type PatternSegment,
  patternGridColumns,
  SEGMENT_TYPES,
  type SegmentId,
  type SegmentType,
} from '@nomen/shared';
import { IconPlus, IconPuzzle } from '@tabler/icons-react';
import { useRef } from 'react';
import {
  isOpenBlocked,
  moveSegment,
  SEGMENT_KIND_COLORS,
  SEGMENT_KIND_LABELS,
  segmentTitle,
} from '../patternDraft';
import classes from './SegmentBoard.module.css';
import { SegmentCard } from './SegmentCard';

/** Props of SegmentBoard. */
export interface SegmentBoardProps {
  segments: PatternSegment[];
  /** Problems the last save found, by segment position (spec 02 §5). */
  errors: Record<number, string>;
  onChange: (segments: PatternSegment[]) => void;
  onAdd: (kind: SegmentType) => void;
  onOpen: (segment: PatternSegment) => void;
  onRemove: (segment: PatternSegment) => void;
}

function announcements(segments: PatternSegment[]): Announcements {
  const name = (id: SegmentId | string | number) => {
    const index = segments.findIndex((s) => String(s.id) === String(id));
    return index < 0 ? 'the segment' : `${segmentTitle(segments[index]!)}`;
  };
  const place = (id: SegmentId | string | number) =>
    segments.findIndex((s) => String(s.id) === String(id)) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${name(active.id)}, segment ${place(active.id)} of ${segments.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over position ${place(over.id)} of ${segments.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped at position ${place(over.id)} of ${segments.length}.`
        : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

/**
 * The "Add a segment" column (spec 02 §4): one button per segment kind; when the pattern is full
 * (PATTERN_MAX_SEGMENTS) each is shown disabled with a tooltip saying why.
 */
function AddSegmentButtons({ isFull, onAdd }: { isFull: boolean; onAdd: SegmentBoardProps['onAdd'] }) {
  return (
    <Stack gap="xs" className={classes.aside} role="group" aria-label="Add a segment">
      <Text size="sm" fw={600}>
        Add a segment
      </Text>
      {SEGMENT_TYPES.map((kind) => (
        <Tooltip
          key={kind}
          label={`A pattern holds at most ${PATTERN_MAX_SEGMENTS} segments`}
          disabled={!isFull}
          withArrow
        >
          <Button
            variant="light"
            color={SEGMENT_KIND_COLORS[kind]}
            justify="flex-start"
            leftSection={<IconPlus size={16} aria-hidden />}
            data-disabled={isFull || undefined}
            aria-disabled={isFull || undefined}
            onClick={() => !isFull && onAdd(kind)}
          >
            Add {SEGMENT_KIND_LABELS[kind].toLowerCase()}
          </Button>
        </Tooltip>
      ))}
    </Stack>
  );
}

/**
 * The segments part of the pattern builder (spec 02 §2, §4, §9): an add button for each of the
 * five kinds beside a grid of segment cards whose column count is
 * patternGridColumns(container width) (the container is measured; 4 until known). Cards reorder
 * by dragging with the mouse (after 5 px) or the keyboard (sortable keyboard coordinates), and
 * opening a card is ignored for 150 ms after a drag ends. Empty: "This pattern has no segments
 * yet — add one".
 */
export function SegmentBoard({ segments, errors, onChange, onAdd, onOpen, onRemove }: SegmentBoardProps) {
  const { ref, width } = useElementSize();
  const columns = patternGridColumns(width > 0 ? width : null);
  const lastDragEnd = useRef<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const isFull = segments.length >= PATTERN_MAX_SEGMENTS;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    lastDragEnd.current = Date.now();
    if (over && active.id !== over.id) onChange(moveSegment(segments, active.id, over.id));
  };
  const open = (segment: PatternSegment) => {
    if (isOpenBlocked(lastDragEnd.current, Date.now())) return;
    onOpen(segment);
  };

  return (
    <Box ref={ref} className={classes.board}>
      <AddSegmentButtons isFull={isFull} onAdd={onAdd} />
      <Box className={classes.gridArea}>
        {segments.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconPuzzle size={28} aria-hidden />}
            title="This pattern has no segments yet — add one"
            description="Segments are the parts of a code: constants, variables, counters, dates and random characters."
          />
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            onDragCancel={() => {
              lastDragEnd.current = Date.now();
            }}
            accessibility={{
              announcements: announcements(segments),
              screenReaderInstructions: {
                draggable:
                  'To move a segment, press Space or Enter to pick it up, use the arrow keys to move it, and press Space or Enter again to drop it. Press Escape to cancel.',
              },
            }}
          >
            <SortableContext items={segments.map((s) => s.id)} strategy={rectSortingStrategy}>
              <ol
                className={classes.grid}
                style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
                aria-label="Segments"
                data-columns={columns}
              >
                {segments.map((segment, index) => (
                  <li key={segment.id} className={classes.item}>
                    <SegmentCard
                      segment={segment}
                      position={index + 1}
                      error={errors[index]}
                      onOpen={() => open(segment)}
                      onRemove={() => onRemove(segment)}
                    />
                  </li>
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
      </Box>
    </Box>
  );
}
