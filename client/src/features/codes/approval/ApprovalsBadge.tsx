import { Badge } from '@mantine/core';
import { useApprovals } from '../api';

/**
 * The count of submissions awaiting the signed-in person's approval, beside "Codes" in the shell
 * (the approvals inbox's badge, ARCHITECTURE.md "Templates, submissions and datasets"); nothing when none wait.
 */
export function ApprovalsBadge() {
  const approvals = useApprovals();
  const count = approvals.data?.data.length ?? 0;
  if (count === 0) return null;
  const label = `${count === 100 ? '100+' : count} awaiting your approval`;
  return (
    <Badge size="sm" color="orange" circle={count < 10} aria-label={label} title={label}>
      {count === 100 ? '99+' : count}
    </Badge>
  );
}
