import { fieldsetsApi, type KnownField, type TemplateValidationContext } from '@nomen/shared';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiFetch } from '../../../api/apiFetch';
import { fieldsetQueryKey } from '../../fieldsets/api';
import { useStoreSelector } from './TemplateEditorContext';
import type { TemplateEditorStore } from './templateEditorStore';

/**
 * Keeps the store's validation context up to date (spec 03 §5): `validation` (the account's flags,
 * the patterns' current dates) plus the fields of the template's field sets, so that a message
 * names a field the template does not hold ("Channel (Paid media)") rather than calling it removed.
 */
export function useKnownFieldsValidation(
  store: TemplateEditorStore,
  validation: TemplateValidationContext,
): void {
  const fieldsetIds = useStoreSelector(store, (s) => s.draft.fieldsets.join(','));
  const knownFields = useQueries({
    queries: (fieldsetIds === '' ? [] : fieldsetIds.split(',').map(Number)).map((id) => ({
      queryKey: fieldsetQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch(fieldsetsApi.get, { params: { id }, signal }),
    })),
    combine: (results) =>
      results.flatMap((r): KnownField[] =>
        r.data
          ? r.data.fieldset.fields.map((f) => ({
              id: f.id,
              name: f.name,
              fieldset_name: r.data.fieldset.name,
            }))
          : [],
      ),
  });
  const knownKey = knownFields.map((f) => `${f.id}:${f.name}:${f.fieldset_name}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields change only when their key does
  const context = useMemo(() => ({ ...validation, knownFields }), [validation, knownKey]);
  useEffect(() => store.setValidationContext(context), [store, context]);
}
