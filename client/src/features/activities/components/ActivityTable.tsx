import { ActionIcon, Badge, Code, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Activity } from '@nomen/shared';
import { IconArrowRight, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Timestamp } from '../../../ui/Timestamp';
import { useWording } from '../../shell/useWording';
import type { TemplateWording } from '../../shell/wording';
import { formatChangeValue, OPERATION_LABELS, objectLabel } from '../activityFormat';

const OPERATION_COLORS: Record<Activity['operation'], string> = {
  created: 'green',
  updated: 'blue',
  deleted: 'red',
  submitted: 'indigo',
  approved: 'teal',
  rejected: 'orange',
  delivered: 'cyan',
  failed: 'red',
};

const COLUMN_COUNT = 7;

/** Props of ActivityTable. */
export interface ActivityTableProps {
  rows: readonly Activity[] | undefined;
  isLoading: boolean;
}

/** Placeholder rows of the activity table while it loads. */
function SkeletonRows() {
  return Array.from({ length: 6 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={i} aria-hidden>
      {Array.from({ length: COLUMN_COUNT }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <Table.Td key={j}>
          <Skeleton height={12} radius="xl" width={j === 0 ? 16 : `${55 + (((i + j) * 13) % 40)}%`} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** The changed fields of an activity, each old → new (spec 01 §2.10), or that none were recorded. */
function ActivityChanges({ changes }: { changes: Activity['changes'] }) {
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No field changes were recorded.
      </Text>
    );
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {changes.map((change) => (
        <Group key={change.field} gap="xs" component="li" wrap="nowrap" align="baseline">
          <Code>{change.field}</Code>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {formatChangeValue(change.old)}
          </Text>
          <IconArrowRight size={14} aria-label="changed to" />
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {formatChangeValue(change.new)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Props of {@link ActivityRow}. */
interface ActivityRowProps {
  activity: Activity;
  /** Whether its changes are shown under it. */
  isOpen: boolean;
  onToggle: () => void;
  /** The datasets-page wording ("template" or "dataset"), for the configured object. */
  word: TemplateWording['word'];
}

/** One activity: its row with the expand button, and its changes under it when open. */
function ActivityRow({ activity, isOpen, onToggle, word }: ActivityRowProps) {
  const detailsId = `activity-changes-${activity.id}`;
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${isOpen ? 'Hide' : 'Show'} changes of ${activity.objectName}`}
            aria-expanded={isOpen}
            aria-controls={isOpen ? detailsId : undefined}
            onClick={onToggle}
          >
            {isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <Timestamp value={activity.timestamp} />
        </Table.Td>
        <Table.Td>{activity.username}</Table.Td>
        <Table.Td>{objectLabel(activity.configuredObject, word)}</Table.Td>
        <Table.Td>
          <Text size="sm" fw={500}>
            {activity.objectName}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge variant="light" color={OPERATION_COLORS[activity.operation]}>
            {OPERATION_LABELS[activity.operation]}
          </Badge>
        </Table.Td>
        <Table.Td>{activity.objectId ?? '—'}</Table.Td>
      </Table.Tr>
      {isOpen ? (
        <Table.Tr id={detailsId} bg="var(--mantine-color-gray-0)">
          <Table.Td />
          <Table.Td colSpan={COLUMN_COUNT - 1}>
            <ActivityChanges changes={activity.changes} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

/**
 * The read-only activity table (spec 01 §2.10): timestamp, username, configured object, object
 * name, operation and object id; each row expands to the list of changed fields (old → new).
 */
export function ActivityTable({ rows, isLoading }: ActivityTableProps) {
  const { word } = useWording();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label="User activity" verticalSpacing="sm" aria-busy={isLoading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <VisuallyHidden>Changes</VisuallyHidden>
            </Table.Th>
            <Table.Th w={150}>Timestamp</Table.Th>
            <Table.Th>Username</Table.Th>
            <Table.Th>Configured object</Table.Th>
            <Table.Th>Object name</Table.Th>
            <Table.Th w={110}>Operation</Table.Th>
            <Table.Th w={100}>Object ID</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading && !rows ? (
            <SkeletonRows />
          ) : (
            (rows ?? []).map((activity) => (
              <ActivityRow
                key={activity.id}
                activity={activity}
                isOpen={expanded.has(activity.id)}
                onToggle={() => toggle(activity.id)}
                word={word}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
