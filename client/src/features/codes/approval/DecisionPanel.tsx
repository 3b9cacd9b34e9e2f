import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { AppError } from '@nomen/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, issuesByField } from '../../../api/errors';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useDecideSubmission } from '../api';

/** The message when a rejection has no comment (the server says the same). */
const COMMENT_NEEDED = 'Say why the submission is rejected';

/**
 * The approver's decision on a Pending submission (spec 03 §4 approval; issue 11 item 5): a
 * comment, then Approve (its rows enter the dataset) or Reject (a comment is required, and the
 * submitter reads it). Shown only to the template's approvers while the submission waits.
 */
export function DecisionPanel({ submissionId }: { submissionId: number }) {
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const decide = useDecideSubmission(submissionId);

  const run = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && comment.trim() === '') {
      setCommentError(COMMENT_NEEDED);
      return;
    }
    setCommentError(null);
    try {
      await decide.mutateAsync({ decision, comment: comment.trim() });
      notifySuccess(
        decision === 'approve'
          ? 'Approved: the rows entered the dataset'
          : 'Rejected: the submitter was told why',
      );
    } catch (error) {
      const issues = error instanceof AppError ? issuesByField(error.issues) : {};
      if (issues.comment) setCommentError(issues.comment);
      notifyError(errorMessage(error, 'The decision could not be saved. Please try again.'));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" aria-labelledby="decision-title">
      <Stack gap="sm">
        <Title id="decision-title" order={2} size="h5">
          Your decision
        </Title>
        <Text size="sm" c="dimmed">
          You approve this template’s submissions. Check the rows below, then approve them into the dataset or
          reject them with a comment saying what to change.
        </Text>
        <Textarea
          label="Comment"
          description="Optional when approving, required when rejecting"
          autosize
          minRows={2}
          maxLength={2000}
          value={comment}
          error={commentError}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Group gap="sm">
          <Button
            color="green"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={decide.isPending && decide.variables?.decision === 'approve'}
            disabled={decide.isPending}
            onClick={() => void run('approve')}
          >
            Approve
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            loading={decide.isPending && decide.variables?.decision === 'reject'}
            disabled={decide.isPending}
            onClick={() => void run('reject')}
          >
            Reject
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
