import {
  ACTIVITY_OPERATIONS,
  type ActivityOperation,
  CONFIGURED_OBJECTS,
  type ConfiguredObject,
} from '@nomen/shared';
import { type ActivityRange, DAY_CHOICES } from './activityWindow';

const DEFAULT_DAYS = 30;

/** The range the log shows when the address names none (spec 01 §2.10). */
export const DEFAULT_ACTIVITY_RANGE: ActivityRange = { kind: 'days', days: DEFAULT_DAYS };

/**
 * Every filter of the activity log page (spec 01 §2.10): the date range, the user who acted, the
 * configured object and the operation (null: any).
 */
export interface ActivityFilters {
  range: ActivityRange;
  userId: number | null;
  configuredObject: ConfiguredObject | null;
  operation: ActivityOperation | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/**
 * The filters kept in the page's address, so a filtered view can be shared and survives a reload:
 * `days` (1, 7, 30 or 90) or `from` and `to` (YYYY-MM-DD), `user` (a user id), `object` (a
 * configured object) and `operation`. A value that is not one of its kind counts as absent.
 */
export function filtersFromParams(params: URLSearchParams): ActivityFilters {
  const from = params.get('from');
  const to = params.get('to');
  const days = Number(params.get('days'));
  const range: ActivityRange =
    from && to && DATE.test(from) && DATE.test(to)
      ? { kind: 'custom', from, to }
      : (DAY_CHOICES as readonly number[]).includes(days)
        ? { kind: 'days', days }
        : DEFAULT_ACTIVITY_RANGE;
  const user = Number(params.get('user'));
  return {
    range,
    userId: Number.isSafeInteger(user) && user > 0 ? user : null,
    configuredObject: oneOf(CONFIGURED_OBJECTS, params.get('object')),
    operation: oneOf(ACTIVITY_OPERATIONS, params.get('operation')),
  };
}

/**
 * `current` with the filter parameters of `filters` written over it (see filtersFromParams); the
 * default range and "any" filters leave their parameter out, other parameters are kept.
 */
export function filtersToParams(filters: ActivityFilters, current = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['days', 'from', 'to', 'user', 'object', 'operation']) next.delete(key);
  const { range } = filters;
  if (range.kind === 'custom') {
    next.set('from', range.from);
    next.set('to', range.to);
  } else if (range.days !== DEFAULT_DAYS) next.set('days', String(range.days));
  if (filters.userId !== null) next.set('user', String(filters.userId));
  if (filters.configuredObject !== null) next.set('object', filters.configuredObject);
  if (filters.operation !== null) next.set('operation', filters.operation);
  return next;
}

/** Whether any filter other than the date range is set (the empty state then says so). */
export function hasNarrowingFilter(filters: ActivityFilters): boolean {
  return filters.userId !== null || filters.configuredObject !== null || filters.operation !== null;
}
