import { Alert, Text } from '@mantine/core';
import { isOwnApprovalBlocked, mayDecide, type SubmissionDetail } from '@nomen/shared';
import { IconCheck, IconHourglass, IconLock, IconX } from '@tabler/icons-react';

/** "Ann", "Ann or Bob", "Ann, Bob or Cy". */
const orList = new Intl.ListFormat('en', { style: 'long', type: 'disjunction' });

/** The people who may decide on a Pending submission (shared `mayDecide`), by name. */
function deciderNames(submission: SubmissionDetail, allowSelfApproval: boolean): string[] {
  const approverIds = submission.approvers.map((a) => a.id);
  return submission.approvers
    .filter(
      (a) =>
        a.id !== null &&
        mayDecide({ userId: a.id, approverIds, submitterId: submission.submitter.id, allowSelfApproval }),
    )
    .map((a) => a.name);
}

/**
 * The banner of a submission's approval status (spec 03 §4 approval; issue 11 item 5), one per
 * status: Pending — waiting for approval by the approvers who may decide on it; Rejected — red,
 * by whom, with the comment; Approved — green, by whom, with the comment when there is one.
 * Nothing for Draft and Submitted. `allowSelfApproval` is the account setting.
 */
export function ApprovalBanner({
  submission,
  allowSelfApproval,
}: {
  submission: SubmissionDetail;
  allowSelfApproval: boolean;
}) {
  const s = submission;
  if (s.status === 'Pending') {
    const names = deciderNames(s, allowSelfApproval);
    return (
      <Alert
        color="blue"
        icon={<IconHourglass aria-hidden />}
        title="Waiting for approval"
        data-testid="approval-banner"
      >
        {names.length > 0
          ? `Waiting for approval by ${orList.format(names)}: the rows enter the dataset once approved.`
          : 'No approver can decide on it yet: the template’s only approver submitted it. An admin can add an approver to the template or turn on Allow self-approval in Settings.'}
      </Alert>
    );
  }
  if (s.status !== 'Rejected' && s.status !== 'Approved') return null;
  const isRejected = s.status === 'Rejected';
  return (
    <Alert
      color={isRejected ? 'red' : 'green'}
      icon={isRejected ? <IconX aria-hidden /> : <IconCheck aria-hidden />}
      title={`${s.status} by ${s.decided_by?.name ?? 'an approver'}`}
      data-testid="approval-banner"
    >
      {s.decision_comment ?? (isRejected ? 'No comment was given.' : 'The rows are in the dataset.')}
    </Alert>
  );
}

/**
 * In place of the decision panel, for an approver of the template who submitted this Pending
 * submission while the account setting allow_self_approval is off: why they cannot decide, and
 * what would let them (an admin turns the setting on, e.g. in an account with one admin).
 */
export function OwnSubmissionNotice({
  submission,
  userId,
  allowSelfApproval,
}: {
  submission: SubmissionDetail;
  userId: number;
  allowSelfApproval: boolean;
}) {
  const parties = {
    userId,
    approverIds: submission.approvers.map((a) => a.id),
    submitterId: submission.submitter.id,
    allowSelfApproval,
  };
  if (submission.status !== 'Pending' || !isOwnApprovalBlocked(parties)) return null;
  return (
    <Alert
      color="gray"
      icon={<IconLock aria-hidden />}
      title="You cannot decide on your own submission"
      data-testid="own-submission-notice"
    >
      <Text size="sm">
        You approve this template’s submissions, but another approver decides on the ones you submit. An admin
        can turn on Allow self-approval in Settings, for example in an account with only one admin.
      </Text>
    </Alert>
  );
}
