import { describe, expect, it } from 'vitest';
import { isVersionVisible, resolveCommitRef, versionsAt } from './datasets';

describe('version and commit selection (ARCHITECTURE.md datasets; spec 02 §7 commitRef)', () => {
  const versions = [
    { id: 'a1', from_commit: 1, to_commit: 3 },
    { id: 'b1', from_commit: 2, to_commit: null },
    { id: 'a2', from_commit: 3, to_commit: null },
    { id: 'pending', from_commit: null, to_commit: null },
  ];
  it('shows each row as it was at a commit: made by then and not yet replaced', () => {
    expect(versionsAt(versions, 1).map((v) => v.id)).toEqual(['a1']);
    expect(versionsAt(versions, 2).map((v) => v.id)).toEqual(['a1', 'b1']);
    expect(versionsAt(versions, 3).map((v) => v.id)).toEqual(['b1', 'a2']);
    expect(isVersionVisible(versions[3]!, 3)).toBe(false);
    expect(versionsAt(versions, null)).toEqual([]);
  });
  it('resolves HEAD to the latest commit and refuses commits of other datasets', () => {
    const commits = new Set([1, 2, 3]);
    expect(resolveCommitRef('HEAD', 3, commits)).toBe(3);
    expect(resolveCommitRef('HEAD', null, new Set())).toBeNull();
    expect(resolveCommitRef('2', 3, commits)).toBe(2);
    expect(resolveCommitRef('9', 3, commits)).toBe('unknown');
  });
});
