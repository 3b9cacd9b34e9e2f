import { describe, expect, it } from 'vitest';
import { withCommentMark } from './threadMarkLayer';

describe('withCommentMark', () => {
  it('marks a plain cell as having comments', () => {
    const marked = withCommentMark(undefined);
    expect(marked.description).toBe('Has comments');
    expect(marked.badge).toBeTruthy();
  });

  it('keeps what the cell said (a problem, a collaborator) and its outline', () => {
    const marked = withCommentMark({ description: 'Selected by Sam Rivera', outlineColor: '#2f9e44' });
    expect(marked.description).toBe('Has comments; Selected by Sam Rivera');
    expect(marked.outlineColor).toBe('#2f9e44');
  });
});
