import { AppError, type Target } from '@nomen/shared';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { issuesByField } from '../../../api/errors';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { useSaveTarget } from '../api';
import { type TargetDraft, toTargetSave } from '../targetDraft';
import { TARGET_SAVE_FAILED_MESSAGE, TARGET_SAVED_MESSAGE, targetEditorPath } from '../targetMessages';

/** Server issues (`body.x`) by field name, for the inputs' error texts. */
function fieldErrors(error: unknown): Record<string, string> {
  return issuesByField(error instanceof AppError ? error.issues : undefined);
}

/** What useTargetSubmit needs from the editor. */
export interface TargetSubmitOptions {
  draft: TargetDraft;
  /** The stored target, or null for a new one. */
  saved: Target | null;
  /** Makes the saved draft the new baseline of the dirty flag. */
  setBaseline: (draft: TargetDraft) => void;
  /** Records the server's issues by field name. */
  setErrors: (errors: Record<string, string>) => void;
  /** Lets the route change after the first save pass the leave-page confirmation. */
  allowNextNavigation: () => void;
  /** Reads the target again: after a save, and offered after a failure. */
  onReload: () => Promise<void>;
}

/** What useTargetSubmit answers. */
export interface TargetSubmit {
  submit: (event: FormEvent) => Promise<void>;
  isSaving: boolean;
}

/**
 * Saving the target editor's draft (spec 01 §2.5, §8): a new target moves to its id after the
 * first save; a saved one restarts from what was stored; a failure puts the server's issues on
 * the inputs and shows a toast offering a reload.
 */
export function useTargetSubmit(options: TargetSubmitOptions): TargetSubmit {
  const { draft, saved, setBaseline, setErrors, allowNextNavigation, onReload } = options;
  const navigate = useNavigate();
  const save = useSaveTarget();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wasNew = saved === null;
    try {
      const answer = await save.mutateAsync(toTargetSave(draft, saved));
      setBaseline(draft);
      notifySuccess(TARGET_SAVED_MESSAGE);
      if (wasNew) {
        allowNextNavigation();
        void navigate(targetEditorPath(answer.target.id), { replace: true });
      } else {
        // The editor restarts from what was stored (names Adobe answered, updated_at).
        await onReload();
      }
    } catch (error) {
      setErrors(fieldErrors(error));
      notifyFailure(error, TARGET_SAVE_FAILED_MESSAGE, () => void onReload());
    }
  };
  return { submit, isSaving: save.isPending };
}
