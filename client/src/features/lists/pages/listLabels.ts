import type { ListType } from '@nomen/shared';
import { errorMessage } from '../../../api/errors';

/** What a list is, in both numbers, for counts and dialogs (spec 02 §2). */
export const LIST_NOUN = { one: 'list', other: 'lists' } as const;

/** How each list type reads on screen (spec 02 §3, §9: drop-down, drill-down, dependent). */
export const LIST_TYPE_LABELS: Record<ListType, string> = {
  'drop-down': 'Drop-down',
  'drill-down': 'Drill-down',
  dependent: 'Dependent',
};

/** One sentence on what each list type is for, shown when choosing one (spec 02 §2 new list). */
export const LIST_TYPE_DESCRIPTIONS: Record<ListType, string> = {
  'drop-down': 'One column of allowed values.',
  'drill-down': 'Columns that narrow a choice step by step, e.g. region, then country.',
  dependent: 'Values in one column depend on the value chosen in another.',
};

/** The success toast of a delete (spec 02 §8: list delete success toast, 5 s). */
export function listsDeletedMessage(count: number): string {
  return count === 1 ? 'List deleted successfully' : `${count} lists deleted successfully`;
}

/**
 * The failure toast of a delete (spec 02 §8: list delete failure toast, 5 s): the server's
 * message (e.g. a list already deleted elsewhere), otherwise a default.
 */
export function listsDeleteErrorMessage(error: unknown, count: number): string {
  return errorMessage(error, count === 1 ? 'List failed to delete' : 'Lists failed to delete');
}

/** The text the lists page's search matches (spec 02 §2): name, notes and type. */
export function listSearchText(list: { name: string; notes: string; type: ListType }): string {
  return `${list.name} ${list.notes} ${LIST_TYPE_LABELS[list.type]}`;
}
