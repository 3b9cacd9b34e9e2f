import type { TemplateFieldId } from '@nomen/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notifyError } from '../../../../ui/notify';
import type { TemplateEditorStore } from '../templateEditorStore';

/** The query parameter that opens a field's drawer (spec 03 §2 "Query open={fieldId}"). */
export const OPEN_FIELD_PARAM = 'open';

/**
 * `?open={templateFieldId}` (spec 03 §2 "Query open={fieldId}"): scrolls to that field's card and
 * opens its drawer through `openField` once, or says the field is not in the template; then drops
 * the parameter from the address (replacing the history entry).
 */
export function useOpenFieldParam(
  store: TemplateEditorStore,
  openField: (id: TemplateFieldId) => boolean,
): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const openParam = searchParams.get(OPEN_FIELD_PARAM);
  useEffect(() => {
    if (openParam === null) return;
    const tf = store.getState().draft.template_fields.find((f) => String(f.id) === openParam);
    if (tf) {
      // Its card comes into view behind the drawer, so closing the drawer finds it there.
      store.focus(`field:${tf.id}`, 'govern', false);
      openField(tf.id);
    } else notifyError('That field is not in this template.');
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(OPEN_FIELD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [openParam, store, openField, setSearchParams]);
}
