import type { Activity } from '@nomen/shared';

const MAX_VALUE_LENGTH = 160;

/** Operation labels of the activity table and its filter, by name (spec 01 §2.10). */
export const OPERATION_LABELS: Record<Activity['operation'], string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  delivered: 'Delivered',
  failed: 'Failed',
};

/**
 * One side of a recorded change as text (spec 01 §2.10 changes list): "—" for no value, "(empty)"
 * for an empty string, lists joined with commas, objects as JSON; long values are shortened.
 */
export function formatChangeValue(value: unknown): string {
  const text = (() => {
    if (value === null || value === undefined) return '—';
    if (typeof value === 'string') return value === '' ? '(empty)' : value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (Array.isArray(value)) {
      if (value.length === 0) return '(none)';
      return value.every((v) => typeof v !== 'object' || v === null)
        ? value.map((v) => String(v)).join(', ')
        : JSON.stringify(value);
    }
    return JSON.stringify(value);
  })();
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/**
 * The configured object's name for people: "user" → "User", "field_set" → "Field set";
 * "template" follows the datasets-page wording (spec 01 §1).
 */
export function objectLabel(configuredObject: string, templateWord: 'template' | 'dataset'): string {
  const words = configuredObject
    .replaceAll(/[_-]+/g, ' ')
    .trim()
    .replace(/^template\b/, templateWord);
  return words === '' ? configuredObject : words.charAt(0).toUpperCase() + words.slice(1);
}
