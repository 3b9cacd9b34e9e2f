import { Badge } from '@mantine/core';
import type { SubmissionStatus } from '@nomen/shared';

const COLORS: Record<SubmissionStatus, string> = {
  Draft: 'gray',
  Pending: 'yellow',
  Approved: 'green',
  Rejected: 'red',
  Submitted: 'blue',
};

/** A submission's status as a coloured badge (issue 11 items 1, 5). */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="submission-status">
      {status}
    </Badge>
  );
}
