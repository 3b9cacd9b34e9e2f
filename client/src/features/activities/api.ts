import { ACTIVITY_PAGE_SIZE, activitiesApi } from '@nomen/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import type { ActivityWindow } from './activityWindow';

/**
 * One page of the user activity log (spec 01 §2.10, §7 user activity query: cursor, timeFrom,
 * timeTo, limit 30). The previous page stays on screen while the next one loads.
 */
export function useActivities(timeWindow: ActivityWindow, cursor: string | undefined) {
  return useQuery({
    queryKey: ['activities', timeWindow.timeFrom, timeWindow.timeTo, cursor ?? null],
    queryFn: ({ signal }) =>
      apiFetch(activitiesApi.list, {
        query: { ...timeWindow, cursor, limit: ACTIVITY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
