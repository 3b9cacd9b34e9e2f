import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Badge, Button, Group, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ListSummary } from '@nomen/shared';
import { IconAlertCircle, IconDownload, IconGripVertical } from '@tabler/icons-react';
import { type Dispatch, type SetStateAction, useMemo, useState } from 'react';
import { notifySuccess } from '../../../ui/notify';
import { ListTypeLabel } from './ListTypeLabel';
import { type ListsExportState, useListsExport } from './useListsExport';

/** Props of ExportOrderModal. */
export interface ExportOrderModalProps {
  opened: boolean;
  /** The selected lists, in table order: the starting export order. */
  lists: readonly ListSummary[];
  onClose: () => void;
}

/** Keeps a dragged row on its vertical axis. */
const vertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

function SortableListRow({
  list,
  position,
  isDisabled,
}: {
  list: ListSummary;
  position: number;
  isDisabled: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: list.id,
      disabled: isDisabled,
    });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      px="sm"
      py={8}
      shadow={isDragging ? 'md' : undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        listStyle: 'none',
      }}
      data-testid="export-order-item"
    >
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={`Reorder ${list.name}`}
          style={{ cursor: isDisabled ? 'default' : isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
        <Badge variant="light" color="gray" radius="sm" w={32} aria-hidden>
          {position}
        </Badge>
        <Text size="sm" fw={500} truncate style={{ flex: 1 }}>
          {list.name}
        </Text>
        <ListTypeLabel type={list.type} poweredTemplateId={list.powered_template_id} />
      </Group>
    </Paper>
  );
}

/** Props of SortableExportList. */
interface SortableExportListProps {
  /** The original selection (for the lists' names in announcements). */
  lists: readonly ListSummary[];
  order: readonly ListSummary[];
  setOrder: Dispatch<SetStateAction<ListSummary[]>>;
  /** An export runs: the rows cannot be moved. */
  isBusy: boolean;
  /** A row is being moved (Escape then cancels the move, not the dialog). */
  onDraggingChange: (isDragging: boolean) => void;
}

/**
 * The export order as a sortable list named "Export order" (spec 02 §2; @dnd-kit/sortable): rows
 * move by pointer or keyboard along the vertical axis, and each move is announced by name and
 * position.
 */
function SortableExportList({ lists, order, setOrder, isBusy, onDraggingChange }: SortableExportListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = useMemo(() => {
    const names = new Map(lists.map((list) => [list.id, list.name]));
    return (id: string | number) => names.get(Number(id)) ?? 'list';
  }, [lists]);
  const positionOf = (id: string | number) => order.findIndex((list) => list.id === Number(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${order.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${order.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${order.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    onDraggingChange(false);
    if (!over || active.id === over.id) return;
    setOrder((current) => {
      const from = current.findIndex((list) => list.id === active.id);
      const to = current.findIndex((list) => list.id === over.id);
      return from < 0 || to < 0 ? current : arrayMove(current, from, to);
    });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[vertical]}
      accessibility={{ announcements }}
      onDragStart={() => onDraggingChange(true)}
      onDragCancel={() => onDraggingChange(false)}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={order.map((list) => list.id)} strategy={verticalListSortingStrategy}>
        <Stack
          component="ol"
          gap={6}
          p={0}
          m={0}
          aria-label="Export order"
          aria-describedby="export-order-help"
        >
          {order.map((list, index) => (
            <SortableListRow key={list.id} list={list} position={index + 1} isDisabled={isBusy} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/** A running export's progress bar and what it is doing (spec 02 §2 export). */
function ExportProgressBar({ state }: { state: ListsExportState }) {
  const progress = state.status === 'fetching' ? state.progress : null;
  const percent =
    state.status === 'building'
      ? 100
      : progress
        ? Math.round((progress.done / Math.max(1, progress.total)) * 100)
        : 0;
  return (
    <Stack gap={6}>
      <Progress value={percent} animated aria-label="Export progress" />
      <Text size="sm" aria-live="polite">
        {state.status === 'building'
          ? 'Building the CSV…'
          : progress?.current
            ? `Fetching list ${progress.done + 1} of ${progress.total}: ${progress.current}…`
            : 'Fetching lists…'}
      </Text>
    </Stack>
  );
}

/**
 * The lists manager's export-order modal (spec 02 §2 "Export-order modal: drag-and-drop ordering
 * of the selected lists, which sets the column order of an exported CSV"). The selected lists are a sortable list (@dnd-kit/sortable): drag a
 * row by its "Reorder {name}" handle, or focus the handle, press Space, move with the arrow keys
 * and press Space again (Escape cancels the move, not the dialog); moves are announced by name.
 * "Download CSV" fetches each list in that order with a progress bar and downloads one CSV
 * (layout in csv/multiListCsv.ts); a failed fetch shows an alert naming the list. Cancel stops
 * a running export.
 */
export function ExportOrderModal({ opened, lists, onClose }: ExportOrderModalProps) {
  const [order, setOrder] = useState<ListSummary[]>(() => [...lists]);
  const [isDragging, setIsDragging] = useState(false);
  const exporter = useListsExport();
  const { state } = exporter;
  const isBusy = state.status === 'fetching' || state.status === 'building';

  const close = () => {
    exporter.cancel();
    onClose();
  };

  const download = async () => {
    const fileName = await exporter.run(order);
    if (fileName) {
      notifySuccess(`Exported ${order.length === 1 ? '1 list' : `${order.length} lists`} to ${fileName}`);
      onClose();
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Export lists to CSV"
      size="lg"
      centered
      closeOnEscape={!isDragging}
      closeOnClickOutside={!isBusy}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" id="export-order-help">
          Drag the lists into the order their columns should take in the CSV. Each list adds its columns,
          headed “List name: Column name”; rows line up by row number. To move a list with the keyboard, focus
          its handle, press Space, use the arrow keys, then press Space again.
        </Text>
        <SortableExportList
          lists={lists}
          order={order}
          setOrder={setOrder}
          isBusy={isBusy}
          onDraggingChange={setIsDragging}
        />

        {isBusy ? <ExportProgressBar state={state} /> : null}

        {state.status === 'failed' ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Export failed" role="alert">
            <Text size="sm">{state.message}</Text>
            <Text size="sm">Nothing was downloaded.</Text>
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={isBusy}
            disabled={order.length === 0}
            onClick={() => void download()}
          >
            Download CSV
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
