import type { PatternSaveParsed } from '@nomen/shared';
import type { BaseSyntheticEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { notifyError, notifyFailure, notifySuccess } from '../../../ui/notify';
import { useSavePattern } from '../api';
import { draftOf, type PatternDraft } from '../patternDraft';
import { PATTERN_SAVE_FAILED_MESSAGE, PATTERN_SAVED_MESSAGE } from '../patternMessages';

const SEGMENTS_NEED_ATTENTION = 'Some segments need attention. Open them to fix the highlighted settings.';

/** What usePatternSubmit needs from the builder. */
export interface PatternSubmitOptions {
  form: UseFormReturn<PatternDraft, unknown, PatternSaveParsed>;
  /** Where the list of patterns lives; a new pattern's route is `${patternsPath}/${id}`. */
  patternsPath: string;
  /** Makes the saved draft the new baseline of the dirty flag. */
  setBaseline: (saved: PatternDraft) => void;
  /** Lets the route change after the first save pass the leave-page confirmation. */
  allowNextNavigation: () => void;
  /** Reads the pattern again, offered after a stale-write answer (409). */
  onReload: () => Promise<void>;
}

/** What usePatternSubmit answers. */
export interface PatternSubmit {
  /** The form's submit handler: validates, saves and reports. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  isSaving: boolean;
}

/**
 * Saving the pattern builder's draft (spec 02 §2, §5, spec 01 §8): on success the form and the
 * baseline become the saved pattern, a toast says so and a new pattern's route gets its id; server
 * issues show on the name, description or segment they concern, or else as a toast offering a
 * reload; invalid segments, found before or by the server, are announced by a toast.
 */
export function usePatternSubmit(options: PatternSubmitOptions): PatternSubmit {
  const { form, patternsPath, setBaseline, allowNextNavigation, onReload } = options;
  const navigate = useNavigate();
  const save = useSavePattern();

  const onSaved = (saved: PatternDraft, wasNew: boolean) => {
    form.reset(saved);
    setBaseline(saved);
    notifySuccess(PATTERN_SAVED_MESSAGE);
    if (wasNew) {
      allowNextNavigation();
      void navigate(`${patternsPath}/${saved.id}`, { replace: true });
    }
  };

  const onSaveError = (error: unknown) => {
    const { placed } = applyServerIssues(form, error, {
      fields: ['name', 'description'],
      nested: ['segments'],
    });
    if (placed.length === 0) notifyFailure(error, PATTERN_SAVE_FAILED_MESSAGE, () => void onReload());
    else if (placed.some((path) => path.startsWith('segments.'))) notifyError(SEGMENTS_NEED_ATTENTION);
  };

  const submit = form.handleSubmit(
    async (values) => {
      const wasNew = values.id == null;
      try {
        const answer = await save.mutateAsync(values);
        onSaved(draftOf(answer.pattern), wasNew);
      } catch (error) {
        onSaveError(error);
      }
    },
    (invalid) => {
      if (invalid.segments) notifyError(SEGMENTS_NEED_ATTENTION);
    },
  );
  return { submit, isSaving: save.isPending };
}
