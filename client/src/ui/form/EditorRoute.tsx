import type { ReactNode } from 'react';
import { NotFoundPage } from '../../features/shell/pages/NotFoundPage';
import { EditorLoadFailure } from '../EditorLoadFailure';

/**
 * The loading side of an editor page as EditorRoute reads it. `useEditorSource`'s EditorSource is
 * one (its `start` is `{initial, baseline}` and its `source` a query); an editor that loads another
 * way (the list editor) adapts its state to this shape.
 */
export interface EditorRouteSource<TStart> {
  /** The route named neither "new" nor a valid id: the page shows the fallback page. */
  isUnknownRoute: boolean;
  /** The saved item's id, or null for a new item or a copy. */
  existingId: number | null;
  /** The item's read: its data once loaded, the error of a failed read, and a way to try again. */
  source: { readonly data?: unknown; readonly error: unknown; refetch: () => unknown };
  /** What the editor starts from; null while loading. */
  start: TStart | null;
  /** A key that remounts the editor for another route or after a reload. */
  key: string;
  /** Reads the item again and restarts the editor from it (after a 409). */
  reload: () => unknown;
}

/** An editor source once its item is loaded: what EditorRoute hands its render function. */
export type ReadyEditor<E extends EditorRouteSource<unknown>> = E & { start: NonNullable<E['start']> };

/** How an editor page speaks of its item when it cannot show it (spec 02 §2, spec 03 §2). */
export interface EditorWords {
  /** The item in prose, for "Could not load the …", e.g. "pattern". */
  what: string;
  /** The not-found page's title, e.g. "Pattern not found". */
  title: string;
  /** The not-found page's message, e.g. "This pattern does not exist or was deleted." */
  message: string;
  /** The way back to the item's list, e.g. `{to: '/admin/patterns', label: 'Back to patterns'}`. */
  back: { to: string; label: string };
}

/**
 * The words every editor page uses for its item (spec 02 §2, spec 03 §2): `editorWords('field
 * set', 'field sets', '/admin/fieldsets')` is "Field set not found", "This field set does not exist
 * or was deleted." and "Back to field sets" leading to /admin/fieldsets.
 */
export function editorWords(what: string, plural: string, backTo: string): EditorWords {
  return {
    what,
    title: `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`,
    message: `This ${what} does not exist or was deleted.`,
    back: { to: backTo, label: `Back to ${plural}` },
  };
}

/** Props of EditorRoute. */
export interface EditorRouteProps<E extends EditorRouteSource<unknown>> {
  editor: E;
  words: EditorWords;
  /** The editor's loading state, shaped like the editor (ui/form/README.md). */
  skeleton: ReactNode;
  /** Renders the editor once its item is loaded; give the editor `key={editor.key}`. */
  children: (editor: ReadyEditor<E>) => ReactNode;
}

/**
 * The one route shell of the "edit or create or duplicate" pages (pattern builder, field set
 * editor, list editor, template editor; spec 02 §2, spec 03 §2): the fallback page for a route
 * that names no item, the item's "not found" page with a way back for a 404 (an unknown or another
 * account's id) or the error with "Try again" for another failure, the skeleton while loading,
 * else the editor from `children`. The dirty guard is the editor's own (useLeaveConfirmation).
 */
export function EditorRoute<E extends EditorRouteSource<unknown>>({
  editor,
  words,
  skeleton,
  children,
}: EditorRouteProps<E>) {
  if (editor.isUnknownRoute) return <NotFoundPage />;
  if (editor.source.error && !editor.source.data) {
    return (
      <EditorLoadFailure
        error={editor.source.error}
        {...words}
        onRetry={() => void editor.source.refetch()}
      />
    );
  }
  if (!isReady(editor)) return skeleton;
  return children(editor);
}

function isReady<E extends EditorRouteSource<unknown>>(editor: E): editor is ReadyEditor<E> {
  return editor.start !== null;
}
