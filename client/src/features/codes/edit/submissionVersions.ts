import type { SubmissionDetail } from '@nomen/shared';

/** One version of a submission's rows: the history entry whose commit made it, numbered from 1. */
export interface SubmissionVersion {
  readonly number: number;
  readonly commitId: number;
  readonly event: SubmissionDetail['history'][number];
}

/**
 * The versions of a submission's rows (issue 11 item 5: "every version stays readable"): each
 * history entry that made a dataset commit (submitted, approved, edited), oldest first.
 */
export function submissionVersions(history: SubmissionDetail['history']): SubmissionVersion[] {
  const versions: SubmissionVersion[] = [];
  for (const event of history)
    if (event.commit_id !== null && !versions.some((v) => v.commitId === event.commit_id))
      versions.push({ number: versions.length + 1, commitId: event.commit_id, event });
  return versions;
}
