import type { SubmissionDetail } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { submissionVersions } from './submissionVersions';

type Event = SubmissionDetail['history'][number];

const event = (action: Event['action'], commit_id: number | null): Event => ({
  action,
  user: { id: 1, name: 'Taylor Kim' },
  comment: '',
  commit_id,
  created_at: '2026-11-23T10:00:00.000Z',
});

describe('submissionVersions (issue 11 item 5: every version stays readable)', () => {
  it('numbers the history entries that made a commit, oldest first, each commit once', () => {
    const history = [
      event('saved', null),
      event('submitted', null),
      event('approved', 12),
      event('edited', 15),
      event('edited', 15),
      event('edited', 19),
    ];
    expect(submissionVersions(history).map((v) => [v.number, v.commitId, v.event.action])).toEqual([
      [1, 12, 'approved'],
      [2, 15, 'edited'],
      [3, 19, 'edited'],
    ]);
    expect(submissionVersions([event('saved', null)])).toEqual([]);
  });
});
