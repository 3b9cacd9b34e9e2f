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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { type FieldId, type FieldSave, GOVERNANCE_LABELS } from '@nomen/shared';
import { IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { fieldLabel } from '../../governance/GovernanceSettings';
import { fieldsUsing, governanceSummary, moveField } from '../fieldsetDraft';
import { FIELD_POWERS_LIST_REASON } from '../fieldsetMessages';
import classes from './FieldList.module.css';

/** Props of FieldList. */
export interface FieldListProps {
  fields: FieldSave[];
  /** Ids (as text) of saved fields that power a list: they cannot be removed (spec 02 §2, §5). */
  poweringIds: ReadonlySet<string>;
  /** Problems the last save found, by field id (as text). */
  fieldErrors: Record<string, Record<string, string>>;
  listName: (id: number) => string | undefined;
  onChange: (fields: FieldSave[]) => void;
  onEdit: (field: FieldSave) => void;
  onRemove: (field: FieldSave) => void;
}

// Rows move only up and down.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

function announcements(fields: FieldSave[]): Announcements {
  const name = (id: string | number) => {
    const field = fields.find((f) => String(f.id) === String(id));
    return field ? fieldLabel(field) : 'the field';
  };
  const place = (id: string | number) => fields.findIndex((f) => String(f.id) === String(id)) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${name(active.id)}, field ${place(active.id)} of ${fields.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over position ${place(over.id)} of ${fields.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped at position ${place(over.id)} of ${fields.length}.`
        : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

/**
 * The fields of a field set (spec 02 §2): a table of name (with a summary of its settings),
 * governance type and required, with edit and remove buttons per row. Rows reorder by dragging
 * their handle with the mouse or the keyboard (Space, arrows, Space). Remove is disabled, with
 * its own tooltip, for a field that powers a list or that another field of the set uses.
 */
export function FieldList({
  fields,
  poweringIds,
  fieldErrors,
  listName,
  onChange,
  onEdit,
  onRemove,
}: FieldListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: FieldId) => {
    const field = fields.find((f) => String(f.id) === String(id));
    return field ? fieldLabel(field) : undefined;
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(moveField(fields, active.id, over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announcements(fields),
        screenReaderInstructions: {
          draggable:
            'To move a field, press Space or Enter to pick it up, use the arrow keys to move it, and press Space or Enter again to drop it. Press Escape to cancel.',
        },
      }}
    >
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="Fields" verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44}>
                <VisuallyHidden>Order</VisuallyHidden>
              </Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th w={170}>Governance type</Table.Th>
              <Table.Th w={110}>Required</Table.Th>
              <Table.Th w={96}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
            <Table.Tbody>
              {fields.map((field) => {
                const users = fieldsUsing(fields, field.id);
                const removeBlocked = poweringIds.has(String(field.id))
                  ? FIELD_POWERS_LIST_REASON
                  : users.length > 0
                    ? `Used by ${users.map(fieldLabel).join(', ')}; change that first`
                    : null;
                const errors = Object.values(fieldErrors[String(field.id)] ?? {});
                return (
                  <FieldRow
                    key={String(field.id)}
                    field={field}
                    summary={governanceSummary(field, nameOf, listName)}
                    errors={errors}
                    removeBlocked={removeBlocked}
                    onEdit={() => onEdit(field)}
                    onRemove={() => onRemove(field)}
                  />
                );
              })}
            </Table.Tbody>
          </SortableContext>
        </Table>
      </Table.ScrollContainer>
    </DndContext>
  );
}

interface FieldRowProps {
  field: FieldSave;
  summary: string;
  errors: string[];
  removeBlocked: string | null;
  onEdit: () => void;
  onRemove: () => void;
}

/** One sortable row of the field list. */
function FieldRow({ field, summary, errors, removeBlocked, onEdit, onRemove }: FieldRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field.id });
  const name = fieldLabel(field);
  return (
    <Table.Tr
      ref={setNodeRef}
      className={classes.row}
      data-dragging={isDragging || undefined}
      data-invalid={errors.length > 0 || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Table.Td>
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          className={classes.handle}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${name}`}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {summary}
          </Text>
          {errors.length > 0 ? (
            <Text size="xs" c="red" role="alert">
              {errors.join(' ')}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="blue">
          {GOVERNANCE_LABELS[field.governance_type]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={field.required ? undefined : 'dimmed'}>
          {field.required ? 'Required' : 'Optional'}
        </Text>
      </Table.Td>
      <Table.Td>
        <FieldRowActions name={name} removeBlocked={removeBlocked} onEdit={onEdit} onRemove={onRemove} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * A field row's Edit and Remove buttons (spec 02 §2): Remove stays focusable but does nothing
 * while `removeBlocked` names why the field cannot go, which its tooltip shows.
 */
function FieldRowActions({
  name,
  removeBlocked,
  onEdit,
  onRemove,
}: Pick<FieldRowProps, 'removeBlocked' | 'onEdit' | 'onRemove'> & { name: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit" withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip
        label={removeBlocked ?? 'Remove'}
        events={{ hover: true, focus: true, touch: true }}
        withArrow
        multiline
        maw={260}
      >
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${name}`}
          aria-disabled={removeBlocked ? true : undefined}
          data-disabled={removeBlocked ? true : undefined}
          onClick={(event) => {
            if (removeBlocked) {
              event.preventDefault();
              return;
            }
            onRemove();
          }}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
