import { type SettingsSave, settingsApi } from '@nomen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import { notifySuccess } from '../../ui/notify';
import { ME_QUERY_KEY } from '../auth/api';

/** Query key of the settings screen's data (spec 01 §2.2 settings). */
export const SETTINGS_QUERY_KEY = ['settings'] as const;

/** The account's settings and every feature flag (spec 01 §2.2 settings; spec README flags). */
export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch(settingsApi.get, { signal }),
  });
}

/**
 * Saves settings and flags, confirms with a toast, then reloads /auth/me so navigation and
 * wording follow at once (spec README: flags change the admin area for every user of the
 * account). The toast is raised here rather than by the form, because the form remounts with
 * the saved version before a per-call callback could run.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsSave) => apiFetch(settingsApi.save, { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      notifySuccess('Settings saved');
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
