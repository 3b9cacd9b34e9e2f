import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { AuditFinding } from '@nomen/shared';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { confirmAction } from '../../../ui/confirmAction';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useDeleteException, useSaveException } from '../api';

/**
 * "Remove exception" (README "Audits"): after a confirmation the object is no longer accepted;
 * its findings count as violations from the next run on. Answers the action to call with a finding.
 */
export function useRemoveException(auditId: number): (finding: AuditFinding) => Promise<void> {
  const remove = useDeleteException();
  return async (finding) => {
    const confirmed = await confirmAction({
      title: 'Remove the exception?',
      message: `${finding.name || finding.object_id} will count as a violation again from the next run on.`,
      confirmLabel: 'Remove exception',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ auditId, object_id: finding.object_id });
      notifySuccess('Exception removed');
    } catch (error) {
      notifyError(errorMessage(error, 'The exception could not be removed'));
    }
  };
}

/**
 * "Accept as exception" (README "Audits"): a comment saying why the object stays as it is; it
 * then counts as compliant in this audit's runs.
 */
export function ExceptionModal({
  auditId,
  finding,
  onClose,
}: {
  auditId: number;
  finding: AuditFinding | null;
  onClose: () => void;
}) {
  const [comment, setComment] = useState('');
  const save = useSaveException();
  const onSave = async () => {
    if (!finding) return;
    try {
      await save.mutateAsync({ auditId, object_id: finding.object_id, comment });
      notifySuccess('Accepted as an exception');
      onClose();
    } catch (error) {
      notifyError(errorMessage(error, 'The exception could not be saved'));
    }
  };
  return (
    <Modal opened={finding !== null} onClose={onClose} title="Accept as an exception">
      <Stack gap="sm">
        <Text size="sm">{finding?.name}</Text>
        <Textarea
          label="Why is it accepted?"
          required
          autosize
          minRows={2}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void onSave()} disabled={comment.trim() === ''} loading={save.isPending}>
            Accept
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
