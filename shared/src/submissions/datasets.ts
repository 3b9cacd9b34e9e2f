/**
 * Versions and commits of a template's dataset (ARCHITECTURE.md "Templates, submissions and
 * datasets"; spec 02 §7 commitRef). Every accepted submission, approval or edit is a commit; a
 * row version is made by one commit (`from_commit`) and, when an edit replaces it, ended by a later
 * one (`to_commit`). Nothing is overwritten, so the dataset as of any commit can be read again.
 * The server's SQL follows these rules; they are here, pure, so they are stated and tested once.
 */

/** A row version's life: the commit that made it (null: not in the dataset) and the one that replaced it. */
export interface RowVersion {
  readonly from_commit: number | null;
  readonly to_commit: number | null;
}

/**
 * Whether a row version is part of the dataset as of `commit` (commits are numbered in the order
 * they were made within a dataset): made at or before it and not yet replaced then. Nothing is
 * visible before the first commit (`commit` null).
 */
export function isVersionVisible(version: RowVersion, commit: number | null): boolean {
  if (commit === null || version.from_commit === null) return false;
  return version.from_commit <= commit && (version.to_commit === null || version.to_commit > commit);
}

/**
 * The commit a `commitRef` names in a dataset (spec 02 §7): `HEAD` is the latest (`head`, null for
 * a dataset without commits); a commit id must be one of the dataset's `commits`, else the answer
 * is `unknown` (the API answers 404).
 */
export function resolveCommitRef(
  ref: string,
  head: number | null,
  commits: ReadonlySet<number>,
): number | null | 'unknown' {
  if (ref === 'HEAD') return head;
  const id = Number(ref);
  return Number.isInteger(id) && commits.has(id) ? id : 'unknown';
}

/** The versions of `versions` visible as of `commit`, in their order (see `isVersionVisible`). */
export function versionsAt<V extends RowVersion>(versions: readonly V[], commit: number | null): V[] {
  return versions.filter((v) => isVersionVisible(v, commit));
}
