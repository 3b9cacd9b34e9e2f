import {
  type TemplateDraft,
  type TemplateIssue,
  type TemplateStep,
  type TemplateValidationContext,
  validateTemplate,
} from '@nomen/shared';

/**
 * Where a jump from the notification popover lands (spec 03 §2 "Clicking one jumps to the step it
 * belongs to and highlights the issue for 1 second"): the key of the element to highlight (see
 * `issueTargetKey`) and a nonce, so that clicking the same issue twice highlights it twice.
 */
export interface EditorFocus {
  key: string;
  step: TemplateStep;
  nonce: number;
  /** Whether the target takes keyboard focus (false while a drawer over it keeps focus). */
  takesFocus: boolean;
}

/**
 * The template editor's state (spec 03 §4 "Template editing state"): the draft template, the
 * changed flag (set by the user's edits only, so the leave guard is active only after the user
 * changed data), the saving flag, and the current jump target.
 */
export interface TemplateEditorState {
  draft: TemplateDraft;
  changed: boolean;
  saving: boolean;
  focus: EditorFocus | null;
}

/** How an update counts: `user` (default) sets the changed flag; `system` does not. */
export type UpdateOrigin = 'user' | 'system';

/**
 * The template editor's store: one immutable draft that the steps read through selectors
 * (`useTemplateEditor`), so that a keystroke in one field card re-renders that card, not the 200
 * others (issue 9, keystroke-to-paint). Updates replace the draft; untouched template fields keep
 * their identity. Validation (`issues`) runs once per draft, lazily, with the context the editor
 * sets (feature flags, patterns' updated_at, lists).
 */
export interface TemplateEditorStore {
  getState(): TemplateEditorState;
  subscribe(listener: () => void): () => void;
  /** Replaces the draft with `recipe(draft)`; a recipe answering the same draft changes nothing. */
  update(recipe: (draft: TemplateDraft) => TemplateDraft, origin?: UpdateOrigin): void;
  /** Starts again from `draft` (after a save's reload): changed is cleared. */
  reset(draft: TemplateDraft): void;
  setSaving(saving: boolean): void;
  /**
   * Asks the step that shows `key` to scroll to it and highlight it (spec 03 §2); it takes keyboard
   * focus too unless `takesFocus` is false (a drawer opening over it keeps focus).
   */
  focus(key: string, step: TemplateStep, takesFocus?: boolean): void;
  /** The issues of the current draft (spec 03 §5), computed once per draft. */
  issues(): readonly TemplateIssue[];
  /** Sets what validation needs besides the draft; issues are computed again. */
  setValidationContext(context: TemplateValidationContext): void;
}

/**
 * Makes the editor's store for `initial` (spec 03 §4), unchanged until the user's first edit (a
 * fresh copy too: spec 03 §2 "The guard is active only after the user has changed data").
 */
export function createTemplateEditorStore(
  initial: TemplateDraft,
  options: { validation: TemplateValidationContext },
): TemplateEditorStore {
  let state: TemplateEditorState = {
    draft: initial,
    changed: false,
    saving: false,
    focus: null,
  };
  let context = options.validation;
  let validated: {
    draft: TemplateDraft;
    context: TemplateValidationContext;
    issues: TemplateIssue[];
  } | null = null;
  let nonce = 0;
  const listeners = new Set<() => void>();

  const set = (next: TemplateEditorState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(recipe, origin = 'user') {
      const draft = recipe(state.draft);
      if (draft === state.draft) return;
      set({ ...state, draft, changed: state.changed || origin === 'user' });
    },
    reset(draft) {
      set({ ...state, draft, changed: false });
    },
    setSaving(saving) {
      if (saving !== state.saving) set({ ...state, saving });
    },
    focus(key, step, takesFocus = true) {
      nonce += 1;
      set({ ...state, focus: { key, step, nonce, takesFocus } });
    },
    issues() {
      if (validated?.draft !== state.draft || validated.context !== context) {
        validated = { draft: state.draft, context, issues: validateTemplate(state.draft, context) };
      }
      return validated.issues;
    },
    setValidationContext(next) {
      context = next;
      set({ ...state });
    },
  };
}

/**
 * The key of the element an issue is about (spec 03 §5: "the field or integration name plus a
 * step"): `field:{templateFieldId}`, `integration:{assignmentId}`, or `step:{step}:{messageId}` for
 * a setup or template-wide issue (e.g. `step:setup:templateNameRequired` on the name input).
 * Elements carry it as `data-issue-target`.
 */
export function issueTargetKey(issue: TemplateIssue): string {
  if (issue.fieldId !== undefined) return `field:${issue.fieldId}`;
  if (issue.integrationId !== undefined) return `integration:${issue.integrationId}`;
  return `step:${issue.step}:${issue.messageId}`;
}
