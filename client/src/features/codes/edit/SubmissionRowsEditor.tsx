import { Button, Group, Stack, Text } from '@mantine/core';
import { fieldKey, type SubmissionDetail, type SubmissionForm } from '@nomen/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { confirmAction } from '../../../ui/confirmAction';
import { notifyError, notifyInfo, notifySuccess } from '../../../ui/notify';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useEditSubmission } from '../api';
import { SubmissionTable, type SubmissionTableHandle } from '../table/SubmissionTable';
import { editedRows, editProblemsOnTable } from '../table/submissionTable';
import { type SubmissionTableState, serverProblemsOf, useSubmissionTable } from '../table/useSubmissionTable';

/** What the discard confirmation says. */
export const DISCARD_TITLE = 'Discard your changes?';
const DISCARD_MESSAGE = 'The rows you changed go back to their saved values.';

/** Props of SubmissionRowsEditor. */
export interface SubmissionRowsEditorProps {
  /** The submission at its latest version (its rows are edited). */
  submission: SubmissionDetail;
  /** The template's submission form (the rules that govern the cells). */
  form: SubmissionForm;
  /** Called after a save, or when the person stops editing. */
  onClose: () => void;
}

/** What {@link useSaveEdit} works with. */
interface SaveEditInput {
  /** The submission as opened (its rows and updated_at). */
  submission: SubmissionDetail;
  form: SubmissionForm;
  table: SubmissionTableState;
  tableRef: RefObject<SubmissionTableHandle | null>;
  onClose: () => void;
}

/**
 * Saving an edit of stored rows (spec 01 §6 edit_submissions): `onSave` sends the changed rows
 * only, named by their cv_id, with the updated_at read (closing when nothing changed), refuses a
 * save with problems (moving to the first), and puts the server's problems on their rows. Leaving
 * with unsaved changes asks first.
 */
function useSaveEdit({ submission, form, table, tableRef, onClose }: SaveEditInput) {
  const edit = useEditSubmission(submission.id);
  const leave = useLeaveConfirmation(table.isDirty && !edit.isSuccess);
  const cvField = form.fields.find((f) => f.governance_type === 'cv_id');

  const onSave = async () => {
    if (!cvField) return;
    const changed = editedRows(
      table.initialData,
      table.data,
      table.columns,
      fieldKey(cvField),
      submission.rows.map((r) => r.cv_id),
    );
    if (changed.rows.length === 0) {
      notifyInfo('Nothing changed: the rows are as they were saved.');
      onClose();
      return;
    }
    const errors = table.validation.problems.length;
    if (errors > 0) {
      notifyError(
        `Fix the ${errors === 1 ? 'error' : `${errors} errors`} first: the cells outlined in red say what is wrong.`,
      );
      tableRef.current?.showFirstError();
      return;
    }
    try {
      await edit.mutateAsync({ rows: changed.rows, updatedAt: submission.updated_at });
      notifySuccess(
        `Saved: ${changed.rows.length === 1 ? '1 row' : `${changed.rows.length} rows`} changed in a new version`,
      );
      leave.allowNextNavigation();
      onClose();
    } catch (error) {
      // The server numbers the rows it was sent; the table shows each problem on its own row.
      const problems = editProblemsOnTable(serverProblemsOf(error), changed.tableRows);
      if (problems.length > 0) {
        table.setServerProblems(problems);
        setTimeout(() => tableRef.current?.showFirstError(), 0);
      }
      notifyError(errorMessage(error, 'The changes could not be saved. Please try again.'));
    }
  };

  return { onSave, isSaving: edit.isPending };
}

/**
 * Edits the rows of a submitted or approved submission (spec 01 §6 edit_submissions) in the same submission table as a new submission, every cell governed as it is typed;
 * its rows are fixed (each is named by its cv_id). Save sends the changed rows only, and the server
 * makes a new version of the dataset (earlier versions stay readable); the problems it names land
 * on their cells. Leaving the page, or Cancel, with unsaved changes asks first.
 */
export function SubmissionRowsEditor({ submission: current, form, onClose }: SubmissionRowsEditorProps) {
  // The rows and updated_at as opened: a refetch meanwhile must neither reset the edit nor hide a
  // change made by someone else (the server answers 409 to a stale updated_at).
  const [submission] = useState(current);
  const initialRows = useMemo(() => submission.rows.map((r) => r.data), [submission.rows]);
  const table = useSubmissionTable(form, initialRows, { editsStoredRows: true });
  const tableRef = useRef<SubmissionTableHandle>(null);
  const { onSave, isSaving } = useSaveEdit({ submission, form, table, tableRef, onClose });

  const onCancel = async () => {
    if (
      table.isDirty &&
      !(await confirmAction({ title: DISCARD_TITLE, message: DISCARD_MESSAGE, confirmLabel: 'Discard' }))
    )
      return;
    onClose();
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Change the cells, then save: the changed rows get a new version, and the earlier one stays in the
          history.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={() => void onCancel()} disabled={isSaving}>
            Cancel
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => void onSave()}
            loading={isSaving}
          >
            Save changes
          </Button>
        </Group>
      </Group>
      <SubmissionTable
        ref={tableRef}
        table={table}
        label={`${submission.name} rows`}
        height={Math.min(560, 41 + Math.max(1, submission.rows.length) * 40 + 2)}
      />
    </Stack>
  );
}
