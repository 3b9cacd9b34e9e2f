import { templateFieldChoiceLabel } from '@nomen/shared';
import { useMemo } from 'react';
import { useFieldsetNames } from '../../govern/useFieldsetNames';
import { useTemplateEditor } from '../../TemplateEditorContext';

/** One template field a mapping or identifier choice offers. */
export interface TemplateFieldOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * The template's fields as choices of a mapping or identifier picker (spec 03 §3 mapping field
 * cvFieldId, identifier_field_ids: field ids), in template order, each named with its pattern or
 * field set ("Region (Paid media)", `templateFieldChoiceLabel`) so same-named fields are told apart.
 * Fields the template creates on its first save (link, id) have no field id yet and are offered
 * disabled until then.
 */
export function useTemplateFieldOptions(): TemplateFieldOption[] {
  const fields = useTemplateEditor((state) => state.draft.template_fields);
  const fieldsetNames = useFieldsetNames();
  return useMemo(
    () =>
      fields.flatMap((tf) => {
        if (tf.field_id === null) return [];
        const name = tf.field.name.trim()
          ? templateFieldChoiceLabel(tf, fields, fieldsetNames)
          : `Field ${tf.precedence + 1}`;
        return typeof tf.field_id === 'number'
          ? [{ value: String(tf.field_id), label: name }]
          : [{ value: String(tf.field_id), label: `${name} (save the template first)`, disabled: true }];
      }),
    [fields, fieldsetNames],
  );
}
