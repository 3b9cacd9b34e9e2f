import type { Me, TemplateDraft, TemplateIssue } from '@nomen/shared';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { TemplateEditorState, TemplateEditorStore } from './templateEditorStore';

/** The highlight of a jump target lasts 1 s (spec 03 §2). */
export const HIGHLIGHT_MS = 1000;
/** A jump scrolls its target this far below the top of the viewport (spec 03 §2 "scroll offset 80 px"). */
export const JUMP_SCROLL_OFFSET_PX = 80;

/** What every step of the template editor reads besides the draft. */
export interface TemplateEditorEnvironment {
  store: TemplateEditorStore;
  /** The signed-in user, with the account's feature flags and settings (spec 03 §6). */
  me: Me;
  /** The saved template's id, or null until the first save. */
  templateId: number | null;
  /** Whether the account has `flag` on. */
  hasFlag: (flag: Me['features'][number]) => boolean;
}

const EditorContext = createContext<TemplateEditorEnvironment | null>(null);

/** Provides the editor's store and environment to the steps. */
export function TemplateEditorProvider(props: { value: TemplateEditorEnvironment; children: ReactNode }) {
  return <EditorContext.Provider value={props.value}>{props.children}</EditorContext.Provider>;
}

/** The editor's environment; throws outside the template editor. */
export function useTemplateEditorEnvironment(): TemplateEditorEnvironment {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useTemplateEditorEnvironment is only available inside the template editor');
  return value;
}

/**
 * A slice of the editor's state, re-rendering only when the selected value changes (by
 * `Object.is`). Select small, stable things: a template field object, a setting, a flag.
 */
export function useTemplateEditor<T>(selector: (state: TemplateEditorState) => T): T {
  return useStoreSelector(useTemplateEditorEnvironment().store, selector);
}

/** A slice of `store`'s state, for the component that owns the store (outside the provider). */
export function useStoreSelector<T>(
  store: TemplateEditorStore,
  selector: (state: TemplateEditorState) => T,
): T {
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}

/** The draft template (re-renders on every change; steps prefer narrower selectors). */
export function useTemplateDraft(): TemplateDraft {
  return useTemplateEditor((state) => state.draft);
}

/** The current issues of the draft (spec 03 §5); the same array until the draft changes. */
export function useTemplateIssues(): readonly TemplateIssue[] {
  const { store } = useTemplateEditorEnvironment();
  return useSyncExternalStore(store.subscribe, () => store.issues());
}

/**
 * A value derived from the current issues, re-rendering only when it changes (by `Object.is`):
 * select a count or a text, not a new array, so a keystroke that leaves it as it was renders
 * nothing (bench:templates, keystroke-to-paint).
 */
export function useTemplateIssuesSelector<T>(select: (issues: readonly TemplateIssue[]) => T): T {
  const { store } = useTemplateEditorEnvironment();
  return useSyncExternalStore(store.subscribe, () => select(store.issues()));
}

/**
 * Makes an element a jump target (spec 03 §2): when the notification popover jumps to `key`, the
 * element scrolls to 80 px below the top of the viewport and `isHighlighted` is true for 1 s.
 * Put `ref` on the element and `data-issue-target={key}` for tests and styles.
 */
export function useJumpTarget<E extends HTMLElement>(key: string) {
  const focus = useTemplateEditor((state) => (state.focus?.key === key ? state.focus : null));
  const ref = useRef<E>(null);
  const [isHighlighted, setHighlighted] = useState(false);
  useEffect(() => {
    if (!focus) return;
    // A jump acts for 1 s from when its target first saw it: an element that mounts again later
    // (a virtualised card scrolled back into view, a step opened again) does not jump again.
    const now = Date.now();
    const first = jumpsSeen.get(focus) ?? now;
    jumpsSeen.set(focus, first);
    const remaining = HIGHLIGHT_MS - (now - first);
    if (remaining <= 0) return;
    const element = ref.current;
    if (element) {
      const top = element.getBoundingClientRect().top + window.scrollY - JUMP_SCROLL_OFFSET_PX;
      window.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
      if (focus.takesFocus) element.focus?.({ preventScroll: true });
    }
    setHighlighted(true);
    const timer = window.setTimeout(() => setHighlighted(false), remaining);
    return () => window.clearTimeout(timer);
  }, [focus]);
  return { ref, isHighlighted };
}

/** When each jump (a `store.focus` call) was first acted on, so that it acts for 1 s only. */
const jumpsSeen = new WeakMap<object, number>();
