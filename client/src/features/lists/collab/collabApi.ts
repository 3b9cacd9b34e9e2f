import { type CollabState, collabApi } from '@nomen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/apiFetch';

/**
 * Pending-suggestion counts and lock markers of every list, keyed by list id (spec 02 §2, from
 * the projection the collab server keeps), refreshed every 15 s while shown. Off (no request)
 * unless live collaboration is on.
 */
export function useCollabStates(enabled: boolean) {
  return useQuery({
    queryKey: ['lists', 'collab-state'],
    queryFn: async ({ signal }) => {
      const { data } = await apiFetch(collabApi.state, { signal });
      return new Map<number, CollabState>(data.map((s) => [s.listId, s]));
    },
    enabled,
    refetchInterval: 15_000,
  });
}
