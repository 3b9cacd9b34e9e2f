import { ACTIVITY_PAGE_SIZE, activitiesApi } from '@nomen/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import type { ActivityFilters } from './activityFilters';
import type { ActivityWindow } from './activityWindow';

/**
 * One page of the user activity log (spec 01 §2.10, §7 user activity query: cursor, timeFrom,
 * timeTo, limit 30), narrowed by the page's user, configured object and operation filters. The
 * previous page stays on screen while the next one loads.
 */
export function useActivities(
  timeWindow: ActivityWindow,
  filters: Pick<ActivityFilters, 'userId' | 'configuredObject' | 'operation'>,
  cursor: string | undefined,
) {
  const { userId, configuredObject, operation } = filters;
  return useQuery({
    queryKey: [
      'activities',
      timeWindow.timeFrom,
      timeWindow.timeTo,
      userId,
      configuredObject,
      operation,
      cursor ?? null,
    ],
    queryFn: ({ signal }) =>
      apiFetch(activitiesApi.list, {
        query: {
          ...timeWindow,
          userId: userId ?? undefined,
          configuredObject: configuredObject ?? undefined,
          operation: operation ?? undefined,
          cursor,
          limit: ACTIVITY_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
