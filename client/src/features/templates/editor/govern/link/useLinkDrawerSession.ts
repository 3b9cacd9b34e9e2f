import {
  applyLinkDrawerDraft,
  type LinkDrawerDraft,
  type LinkDrawerError,
  linkDrawerDraftOf,
  linkDrawerErrorCounts,
  linkDrawerErrors,
  type TemplateFieldId,
  templateMessageText,
} from '@nomen/shared';
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { confirmAction } from '../../../../../ui/confirmAction';
import { useTemplateEditorEnvironment } from '../../TemplateEditorContext';

/** One open session of the drawer: the field, the copy it started from and the copy being edited. */
interface Session {
  fieldId: TemplateFieldId;
  initial: LinkDrawerDraft | null;
  draft: LinkDrawerDraft | null;
  /** Closed: kept to show while the drawer slides out; the next opening starts afresh. */
  isClosed: boolean;
}

/** What the link drawer renders and does, from useLinkDrawerSession. */
export interface LinkDrawerSession {
  /** The session shown, open or sliding out; null before the first opening. */
  session: Session | null;
  /** The copy being edited; null when the field is not the template's link field. */
  draft: LinkDrawerDraft | null;
  errors: readonly LinkDrawerError[];
  /** Error text per input target (`data-link-target`). */
  messages: ReadonlyMap<string, string>;
  /** Errors per drawer section. */
  counts: ReturnType<typeof linkDrawerErrorCounts>;
  validationsEnabled: boolean;
  /** The "The link has errors" dialog is open. */
  isBlockedOpen: boolean;
  /** The scrolling body, searched for the first input with an error. */
  body: RefObject<HTMLDivElement | null>;
  onChange: (recipe: (draft: LinkDrawerDraft) => LinkDrawerDraft) => void;
  /** Closes at once, discarding the copy. */
  close: () => void;
  /** Closes, asking first when the copy has unsaved changes. */
  requestClose: () => Promise<void>;
  /** Applies the copy to the store and closes, or opens the errors dialog. */
  save: () => void;
  /** Closes the errors dialog and focuses the first input with an error. */
  goBackToFix: () => void;
}

/**
 * The link drawer's session (spec 03 §4 "Link drawer"): a local copy of the link field started
 * from the store at each opening, its errors per target and per section, and the close, save and
 * "go back to fix" steps. `fieldId` null means closed; `onClose` is told when the drawer closes.
 */
export function useLinkDrawerSession(
  fieldId: TemplateFieldId | null,
  onClose: () => void,
): LinkDrawerSession {
  const { store, hasFlag } = useTemplateEditorEnvironment();
  const [isBlockedOpen, setBlockedOpen] = useState(false);
  const [session, setSession] = useSessionOf(
    fieldId,
    () => store.getState().draft,
    () => setBlockedOpen(false),
  );
  const body = useRef<HTMLDivElement>(null);
  const draft = session?.draft ?? null;

  const validationsEnabled = !hasFlag('disable-link-validations');
  const errors = useMemo(
    () => (draft ? linkDrawerErrors(draft, { validationsEnabled }) : []),
    [draft, validationsEnabled],
  );
  const messages = useMemo(
    () => new Map(errors.map((e) => [e.target, templateMessageText(e.messageId, e.params)])),
    [errors],
  );
  // Changed means different from the opening copy, so an edit undone by hand is no change.
  const isChanged = useMemo(
    () =>
      session !== null &&
      session.draft !== session.initial &&
      JSON.stringify(session.draft) !== JSON.stringify(session.initial),
    [session],
  );

  const onChange = useCallback(
    (recipe: (draft: LinkDrawerDraft) => LinkDrawerDraft) => {
      setSession((s) => (s?.draft ? { ...s, draft: recipe(s.draft) } : s));
    },
    [setSession],
  );
  const close = () => {
    setBlockedOpen(false);
    setSession((s) => (s ? { ...s, isClosed: true } : s));
    onClose();
  };
  const requestClose = async () => {
    if (isChanged && !(await confirmDiscard())) return;
    close();
  };
  const save = () => {
    if (!session || !draft) return close();
    if (errors.length > 0) {
      setBlockedOpen(true);
      return;
    }
    if (isChanged) store.update((template) => applyLinkDrawerDraft(template, session.fieldId, draft));
    close();
  };
  const goBackToFix = () => {
    setBlockedOpen(false);
    const first = errors[0];
    if (first) focusLinkTargetSoon(body, first.target);
  };
  const counts = linkDrawerErrorCounts(errors);
  return {
    session,
    draft,
    errors,
    messages,
    counts,
    validationsEnabled,
    isBlockedOpen,
    body,
    onChange,
    close,
    requestClose,
    save,
    goBackToFix,
  };
}

/**
 * The session state for `fieldId`: a new opening starts a new copy from the store (React's "reset
 * state when a prop changes"); `readTemplate` gives the store's template; a close from outside marks the session closed and calls `onClosedOutside`.
 */
function useSessionOf(
  fieldId: TemplateFieldId | null,
  readTemplate: () => Parameters<typeof linkDrawerDraftOf>[0],
  onClosedOutside: () => void,
) {
  const [session, setSession] = useState<Session | null>(null);
  if (
    fieldId !== null &&
    (session === null || session.isClosed || String(session.fieldId) !== String(fieldId))
  ) {
    const initial = linkDrawerDraftOf(readTemplate(), fieldId);
    setSession({ fieldId, initial, draft: initial, isClosed: false });
  } else if (fieldId === null && session !== null && !session.isClosed) {
    // Closed from outside (e.g. ?open= left the address): the next opening starts afresh.
    setSession({ ...session, isClosed: true });
    onClosedOutside();
  }
  return [session, setSession] as const;
}

/** Asks whether to discard the drawer's changes; resolves true to discard. */
function confirmDiscard(): Promise<boolean> {
  return confirmAction({
    title: 'Discard your changes to the link?',
    message: 'The changes made in this drawer are not applied to the template.',
    confirmLabel: 'Discard changes',
  });
}

/** After the dialog has given focus back, moves it to the input of `target` and scrolls it into view. */
function focusLinkTargetSoon(body: RefObject<HTMLDivElement | null>, target: string): void {
  window.setTimeout(() => {
    const element = body.current?.querySelector<HTMLElement>(`[data-link-target="${CSS.escape(target)}"]`);
    element?.scrollIntoView({ block: 'center' });
    element?.focus();
  }, 0);
}
