import {
  addFieldsetFields,
  addLinkField,
  addPatternField,
  type Fieldset,
  type Pattern,
  type TemplateFieldId,
} from '@nomen/shared';
import { notifyInfo } from '../../../../ui/notify';
import type { TemplateEditorStore } from '../templateEditorStore';
import { issueTargetKey } from '../templateEditorStore';

/** The govern toolbar's handlers, from useGovernAdditions. */
export interface GovernAdditions {
  onAddPattern: (pattern: Pattern) => void;
  onAddFields: (fieldset: Fieldset, fieldIds: number[]) => void;
  onAddLink: () => void;
  onShowFirstError: () => void;
}

/**
 * The govern toolbar's actions (spec 03 §2 "Govern step"): adding a pattern or field-set fields
 * jumps to the first new card; adding the link field brings its card into view and opens its
 * drawer through `openLink`; the validation badge jumps to this step's first error (govern or
 * creative), or says the errors are on other steps.
 */
export function useGovernAdditions(
  store: TemplateEditorStore,
  openLink: (id: TemplateFieldId) => void,
): GovernAdditions {
  const currentIds = () => new Set(store.getState().draft.template_fields.map((tf) => String(tf.id)));
  const addedSince = (before: Set<string>) =>
    store.getState().draft.template_fields.find((tf) => !before.has(String(tf.id)));
  const jumpToNewField = (before: Set<string>) => {
    const added = addedSince(before);
    if (added) store.focus(`field:${added.id}`, 'govern');
  };

  return {
    onAddPattern: (pattern) => {
      const before = currentIds();
      store.update((d) => addPatternField(d, pattern));
      jumpToNewField(before);
    },
    onAddFields: (fieldset, fieldIds) => {
      const before = currentIds();
      store.update((d) => addFieldsetFields(d, fieldset, fieldIds));
      jumpToNewField(before);
    },
    onAddLink: () => {
      const before = currentIds();
      store.update(addLinkField);
      // The link card is only the start: its parameters and validations are built in its drawer.
      const added = addedSince(before);
      if (added) {
        store.focus(`field:${added.id}`, 'govern', false);
        openLink(added.id);
      }
    },
    onShowFirstError: () => {
      // This step's errors jump here; those of other steps are listed in the header's popover.
      const first = store
        .issues()
        .find((i) => i.type === 'ERROR' && (i.step === 'govern' || i.step === 'creative'));
      if (first) store.focus(issueTargetKey(first), first.step);
      else notifyInfo('The errors are on other steps: open the notifications to go to them.');
    },
  };
}
