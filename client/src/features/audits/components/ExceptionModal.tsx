import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { AuditFinding } from '@nomen/shared';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useSaveException } from '../api';

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
