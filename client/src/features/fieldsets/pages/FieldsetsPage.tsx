import { Button, Text, Tooltip } from '@mantine/core';
import type { FieldsetSummary } from '@nomen/shared';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { countLabel } from '../../../ui/adminTableModel';
import { confirmAction } from '../../../ui/confirmAction';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useDeleteFieldsets, useFieldsets } from '../api';
import {
  FIELDSET_POWERS_LIST_REASON,
  fieldsetDeleteErrorMessage,
  fieldsetsDeletedMessage,
} from '../fieldsetMessages';

const NOUN = { one: 'field set', other: 'field sets' };

const columns: AdminTableColumn<FieldsetSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    width: '35%',
    cell: (s) => (
      <Text size="sm" fw={500}>
        {s.name}
      </Text>
    ),
  },
  { key: 'updated_at', header: 'Updated', width: '20%', cell: (s) => <Timestamp value={s.updated_at} /> },
  {
    key: 'description',
    header: 'Description',
    cell: (s) => (
      <Text size="sm" lineClamp={2}>
        {s.description}
      </Text>
    ),
  },
];

const fieldsetId = (s: FieldsetSummary) => s.id;
const fieldsetName = (s: FieldsetSummary) => s.name;
const fieldsetSearchText = (s: FieldsetSummary) => `${s.name} ${s.description}`;
const editorPath = (id: number | 'new') => `/admin/fieldsets/${id}/fields`;

/**
 * /admin/fieldsets (spec 02 §2): the field set table (name, updated — relative under a month —
 * and description) with add (/admin/fieldsets/new/fields), edit (one selected or a row click),
 * duplicate (/admin/fieldsets/new/fields?duplicate={id}) and bulk delete with a confirmation
 * dialog. Delete is disabled, with its own tooltip, while a selected set powers a list; a failed
 * delete shows the server's message when it names the List it powers, otherwise a default (§8).
 */
export function FieldsetsPage() {
  const navigate = useNavigate();
  const fieldsets = useFieldsets();
  const deleteFieldsets = useDeleteFieldsets();

  const onDelete = async (selected: FieldsetSummary[]) => {
    const names = selected.slice(0, 3).map(fieldsetName).join(', ');
    const more = selected.length > 3 ? ` and ${selected.length - 3} more` : '';
    const confirmed = await confirmAction({
      title: `Delete ${countLabel(selected.length, NOUN)}?`,
      message: `${names}${more} will be deleted with their fields. This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    deleteFieldsets.mutate(selected.map(fieldsetId), {
      onSuccess: () => notifySuccess(fieldsetsDeletedMessage(selected.length)),
      onError: (error) => notifyError(fieldsetDeleteErrorMessage(error)),
    });
  };

  return (
    <>
      <PageHeader
        title="Field sets"
        description="Groups of governed fields that templates reuse: lists, counters, dates, text rules and more."
      />
      <AdminTable
        label="Field sets"
        noun={NOUN}
        rows={fieldsets.data?.data}
        isLoading={fieldsets.isPending}
        error={fieldsets.error}
        onRetry={() => void fieldsets.refetch()}
        columns={columns}
        rowId={fieldsetId}
        rowName={fieldsetName}
        searchText={fieldsetSearchText}
        onAdd={() => void navigate(editorPath('new'))}
        addLabel="Add field set"
        onEdit={(s) => void navigate(editorPath(s.id))}
        emptyDescription="Add a field set to define governed fields once and reuse them in templates."
        actions={(selected) => (
          <FieldsetActions
            selected={selected}
            isDeleting={deleteFieldsets.isPending}
            onDuplicate={(s) => void navigate(`${editorPath('new')}?duplicate=${s.id}`)}
            onDelete={(rows) => void onDelete(rows)}
          />
        )}
      />
    </>
  );
}

/** Props of FieldsetActions. */
interface FieldsetActionsProps {
  /** The selected field sets. */
  selected: FieldsetSummary[];
  isDeleting: boolean;
  onDuplicate: (fieldset: FieldsetSummary) => void;
  onDelete: (fieldsets: FieldsetSummary[]) => void;
}

/**
 * The field set table's own actions (spec 02 §2): Duplicate (one selected) and Delete, focusable
 * while disabled so its tooltip can say a selected set powers a list.
 */
function FieldsetActions({ selected, isDeleting, onDuplicate, onDelete }: FieldsetActionsProps) {
  const powersList = selected.some((s) => s.powers_list);
  const isDeleteDisabled = selected.length === 0 || powersList || isDeleting;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCopy size={16} aria-hidden />}
        disabled={selected.length !== 1}
        onClick={() => selected[0] && onDuplicate(selected[0])}
      >
        Duplicate
      </Button>
      <Tooltip
        label={powersList ? FIELDSET_POWERS_LIST_REASON : 'Delete the selected field sets'}
        disabled={selected.length === 0}
        events={{ hover: true, focus: true, touch: true }}
        withArrow
        multiline
        maw={280}
      >
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          // Focusable while disabled, so the tooltip can say why (spec 02 §2).
          aria-disabled={isDeleteDisabled || undefined}
          data-disabled={isDeleteDisabled || undefined}
          loading={isDeleting}
          onClick={(event) => {
            event.preventDefault();
            if (!isDeleteDisabled) onDelete(selected);
          }}
        >
          Delete
        </Button>
      </Tooltip>
    </>
  );
}
