import { Button, ColorSwatch, Group, Text } from '@mantine/core';
import type { Pattern } from '@nomen/shared';
import { IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useSearchParam } from '../../../ui/useSearchParam';
import { useDeletePatterns, usePatterns } from '../api';
import { byUpdatedDesc } from '../patternDraft';
import { patternDeleteErrorMessage, patternsDeletedMessage } from '../patternMessages';

const NOUN = { one: 'pattern', other: 'patterns' };

const columns: AdminTableColumn<Pattern>[] = [
  {
    key: 'name',
    header: 'Name',
    width: '40%',
    cell: (p) => (
      <Group gap="xs" wrap="nowrap">
        <ColorSwatch color={p.color} size={12} withShadow={false} aria-hidden />
        <Text size="sm" fw={500}>
          {p.name}
        </Text>
      </Group>
    ),
  },
  { key: 'updated_at', header: 'Updated', width: '20%', cell: (p) => <Timestamp value={p.updated_at} /> },
  {
    key: 'description',
    header: 'Description',
    width: '40%',
    cell: (p) => (
      <Text size="sm" lineClamp={2}>
        {p.description}
      </Text>
    ),
  },
];

const patternId = (p: Pattern) => p.id;
const patternName = (p: Pattern) => p.name;
const patternSearchText = (p: Pattern) => `${p.name} ${p.description}`;

/**
 * /admin/patterns (spec 02 §2): the searchable pattern table (name 40%, updated 20%,
 * description 40%; newest change first), the search kept in ?q=, add (/admin/patterns/new),
 * edit (one selected or a row click), duplicate (/admin/patterns/new?duplicate={id}) and bulk
 * delete with confirmation and 5 s toasts (§8).
 */
export function PatternsPage() {
  const navigate = useNavigate();
  const patterns = usePatterns();
  const deletePatterns = useDeletePatterns();
  const rows = useMemo(
    () => (patterns.data ? byUpdatedDesc(patterns.data.data) : undefined),
    [patterns.data],
  );
  const [q, onSearchChange] = useSearchParam('q');
  const search = q ?? '';

  const onDelete = async (selected: Pattern[]) => {
    try {
      await deletePatterns.mutateAsync(selected.map(patternId));
      notifySuccess(patternsDeletedMessage(selected.length));
      return true;
    } catch (error) {
      notifyError(patternDeleteErrorMessage(error));
      return false;
    }
  };

  return (
    <>
      <PageHeader
        title="Patterns"
        description="Naming patterns build coded values from segments: constants, variables, counters, dates and random characters."
      />
      <AdminTable
        label="Patterns"
        noun={NOUN}
        rows={rows}
        isLoading={patterns.isPending}
        error={patterns.error}
        onRetry={() => void patterns.refetch()}
        columns={columns}
        rowId={patternId}
        rowName={patternName}
        searchText={patternSearchText}
        search={search}
        onSearchChange={onSearchChange}
        onAdd={() => void navigate('/admin/patterns/new')}
        addLabel="Add pattern"
        onEdit={(p) => void navigate(`/admin/patterns/${p.id}`)}
        onDelete={onDelete}
        emptyDescription="Add a pattern to define how coded values are built."
        actions={(selected) => (
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            disabled={selected.length !== 1}
            onClick={() => selected[0] && void navigate(`/admin/patterns/new?duplicate=${selected[0].id}`)}
          >
            Duplicate
          </Button>
        )}
      />
    </>
  );
}
