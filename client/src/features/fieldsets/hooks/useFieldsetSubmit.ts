import { AppError, type FieldsetSaveParsed } from '@nomen/shared';
import type { BaseSyntheticEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { notifyError, notifyFailure, notifySuccess } from '../../../ui/notify';
import { useSaveFieldset } from '../api';
import {
  type FieldsetDraft,
  fieldsetDraftOf,
  poweringFieldIds,
  type SaveIssues,
  sortSaveIssues,
} from '../fieldsetDraft';
import { FIELDSET_SAVE_FAILED_MESSAGE, FIELDSET_SAVED_MESSAGE } from '../fieldsetMessages';

const FIELDS_NEED_ATTENTION = 'Some fields need attention. Open them to see what to change.';

/** No save issues: the state before a save and after a successful one. */
export const NO_ISSUES: SaveIssues = { set: {}, fields: {}, other: [] };

/** What useFieldsetSubmit needs from the editor. */
export interface FieldsetSubmitOptions {
  form: UseFormReturn<FieldsetDraft, unknown, FieldsetSaveParsed>;
  /** Where the list of field sets lives; a new set's route is `${fieldsetsPath}/${id}/fields`. */
  fieldsetsPath: string;
  /** Makes the saved draft the new baseline of the dirty flag. */
  setBaseline: (saved: FieldsetDraft) => void;
  /** Records the ids of the saved fields that power a list. */
  setPoweringIds: (ids: ReadonlySet<string>) => void;
  /** Records the server's issues, by field, for the list and the drawer. */
  setIssues: (issues: SaveIssues) => void;
  /** Lets the route change after the first save pass the leave-page confirmation. */
  allowNextNavigation: () => void;
  /** Reads the set again, offered after a stale-write answer (409). */
  onReload: () => Promise<void>;
}

/** What useFieldsetSubmit answers. */
export interface FieldsetSubmit {
  /** The form's submit handler: validates, saves and reports. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  isSaving: boolean;
}

/**
 * Saving the whole field set in one PUT (spec 02 §2, §5, §8): on success the form and baseline
 * become the saved set, a toast says so and a new set's route gets its id; server issues go on
 * the set's inputs or, by field, to the field list and drawer; issues on no input show in a
 * toast, and a failure with none offers a reload.
 */
export function useFieldsetSubmit(options: FieldsetSubmitOptions): FieldsetSubmit {
  const { form, fieldsetsPath, setBaseline, setPoweringIds, setIssues, allowNextNavigation, onReload } =
    options;
  const navigate = useNavigate();
  const save = useSaveFieldset();

  const onSaveError = (error: unknown, sent: FieldsetDraft['fields']) => {
    // The set's own inputs take their issues; those of a field open with its drawer.
    applyServerIssues(form, error, { fields: ['name', 'description'] });
    const found = sortSaveIssues(error instanceof AppError ? error.issues : undefined, sent);
    setIssues(found);
    const onInputs = Object.keys(found.set).length + Object.keys(found.fields).length > 0;
    if (found.other.length > 0) notifyError(found.other.join(' '));
    else if (!onInputs) notifyFailure(error, FIELDSET_SAVE_FAILED_MESSAGE, () => void onReload());
    else if (Object.keys(found.fields).length > 0) notifyError(FIELDS_NEED_ATTENTION);
  };

  const submit = form.handleSubmit(
    async (values) => {
      const wasNew = values.id == null;
      const sent = form.getValues('fields');
      setIssues(NO_ISSUES);
      try {
        const { fieldset } = await save.mutateAsync(values);
        const saved = fieldsetDraftOf(fieldset);
        form.reset(saved);
        setBaseline(saved);
        setPoweringIds(poweringFieldIds(fieldset));
        notifySuccess(FIELDSET_SAVED_MESSAGE);
        if (wasNew) {
          allowNextNavigation();
          void navigate(`${fieldsetsPath}/${fieldset.id}/fields`, { replace: true });
        }
      } catch (error) {
        onSaveError(error, sent);
      }
    },
    (invalid) => {
      if (invalid.fields) notifyError(FIELDS_NEED_ATTENTION);
    },
  );
  return { submit, isSaving: save.isPending };
}
