import { useMemo } from 'react';
import { useFieldsets } from '../../../fieldsets/api';

/**
 * The account's field set names by id (the cached field set list), for naming a template field
 * with where it comes from ("Region (Paid media)", `templateFieldChoiceLabel`). Empty until the
 * list is read; the same map until it changes.
 */
export function useFieldsetNames(): ReadonlyMap<number, string> {
  const fieldsets = useFieldsets();
  return useMemo(
    () => new Map((fieldsets.data?.data ?? []).map((set) => [set.id, set.name] as const)),
    [fieldsets.data],
  );
}
