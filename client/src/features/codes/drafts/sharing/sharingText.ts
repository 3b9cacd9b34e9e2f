import type { DraftSharing, Issue } from '@nomen/shared';

/** A person a draft may be shared with, or is shared with. */
export interface SharePerson {
  id: number;
  name: string;
  email: string;
}

/** An option of the people picker: the user id as text and "Name (email)". */
export interface ShareOption {
  value: string;
  label: string;
}

/**
 * The people picker's options (shared drafts: only people who may use the template may be
 * invited): the candidates, then anyone the draft is shared with now who is no longer a
 * candidate (so they still show by name and can be removed). Sorted by name.
 */
export function shareOptions(
  candidates: readonly SharePerson[],
  current: readonly SharePerson[],
): ShareOption[] {
  const byId = new Map<number, SharePerson>();
  for (const person of [...candidates, ...current]) if (!byId.has(person.id)) byId.set(person.id, person);
  return [...byId.values()]
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .map((p) => ({ value: String(p.id), label: p.email ? `${p.name} (${p.email})` : p.name }));
}

/** Whether a sharing shares the draft with anyone at all. */
export function isShared(sharing: Pick<DraftSharing, 'everyone' | 'people'> | undefined): boolean {
  return Boolean(sharing && (sharing.everyone || sharing.people.length > 0));
}

/** "A", "A and B", "A, B and C". */
export function namesWithAnd(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Who a draft is shared with, in words, for the people in it who are not its owner (read-only):
 * "Shared by Jordan Lee with everyone who may use Display campaigns", "... with Sam Rivera and
 * Taylor Kim", or both ("... with everyone who may use X, and Sam Rivera by name").
 */
export function sharingSummary(sharing: DraftSharing, ownerName: string, templateName: string): string {
  const names = namesWithAnd(sharing.people.map((p) => p.name));
  const everyone = `everyone who may use ${templateName}`;
  if (sharing.everyone && names) return `Shared by ${ownerName} with ${everyone}, and ${names} by name`;
  if (sharing.everyone) return `Shared by ${ownerName} with ${everyone}`;
  if (names) return `Shared by ${ownerName} with ${names}`;
  return `${ownerName}’s draft is not shared`;
}

/**
 * The server's refusal of a sharing, put on the dialog's fields (PUT sharing answers 400 with
 * issues at `body.user_ids.<i>` or `body.everyone`): the people picker's error names each person
 * refused ("Sam Rivera: may not use this template"); `everyone` gets its own. Issues elsewhere
 * are left to the caller's toast.
 */
export function sharingErrors(
  issues: readonly Issue[] | undefined,
  sentIds: readonly number[],
  names: ReadonlyMap<number, string>,
): { people: string | null; everyone: string | null } {
  const people: string[] = [];
  let everyone: string | null = null;
  for (const issue of issues ?? []) {
    const match = /^body\.user_ids(?:\.(\d+))?$/.exec(issue.path);
    if (match) {
      const id = match[1] === undefined ? undefined : sentIds[Number(match[1])];
      const who = id === undefined ? undefined : (names.get(id) ?? `User ${id}`);
      people.push(who ? `${who}: ${issue.message}` : issue.message);
    } else if (issue.path === 'body.everyone') everyone = issue.message;
  }
  return { people: people.length > 0 ? people.join('; ') : null, everyone };
}

/**
 * Who a shared draft is shared with, for the /codes "Shared drafts" table: "Everyone who may use
 * it", the people by name ("Sam Rivera and Taylor Kim"), or both.
 */
export function sharedWithText(sharedWith: {
  everyone: boolean;
  people: readonly { name: string }[];
}): string {
  const names = namesWithAnd(sharedWith.people.map((p) => p.name));
  if (sharedWith.everyone) return names ? `Everyone who may use it, and ${names}` : 'Everyone who may use it';
  return names;
}
