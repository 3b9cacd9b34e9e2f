import { LIST_MAX_COLUMNS, LIST_MAX_ROWS, type ListType } from '@nomen/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { confirmAction } from '../../../ui/confirmAction';
import { notifyError, notifyFailure, notifySuccess } from '../../../ui/notify';
import { type ListAttributes, powerList, unpowerList } from '../api';
import { replaceContent } from '../grid/gridData';
import type { GridData } from '../grid/gridTypes';
import type { PoweringChoice } from './LinkTemplateDialog';
import { csvFileName, gridToCsv, parseCsv } from './listCsv';
import type { ListMeta } from './listModel';
import type { ListEditor, ListEditorDoc } from './useListEditor';

/** What the list editor's actions need: the loaded list, the editor, where its screens live. */
export interface ListEditorActionsContext {
  doc: ListEditorDoc;
  editor: ListEditor;
  /** The list screens' base path (`/admin/lists` or `/admin/lists-manager`). */
  base: string;
  /** Lets the next navigation pass the unsaved-changes guard (after a first save or link). */
  allowNextNavigation: () => void;
}

/**
 * Moves a list saved for the first time to its own route (`{base}/edit/{id}`, replacing /new),
 * past the unsaved-changes guard (spec 02 §2).
 */
function useShowSavedRoute({
  base,
  allowNextNavigation,
}: Pick<ListEditorActionsContext, 'base' | 'allowNextNavigation'>) {
  const navigate = useNavigate();
  return (id: number) => {
    allowNextNavigation();
    void navigate(`${base}/edit/${id}`, { replace: true });
  };
}

/**
 * The link to a template (spec 02 §4, §6): the type the link dialog is open for (a powered list's
 * type change opens it too, null when closed), and linking or unlinking with the list's current
 * attributes. Each says how it went in a toast; afterwards a new list moves to its saved route and
 * a saved one reads itself again. `word` is the account's word for a template.
 */
export function useListLinking(ctx: ListEditorActionsContext, word: string) {
  const { saved, meta } = ctx.doc;
  const [linkType, setLinkType] = useState<ListType | null>(null);
  const showSavedRoute = useShowSavedRoute(ctx);

  const attributesOf = (type: ListType): ListAttributes => ({
    id: saved.id,
    updatedAt: saved.updatedAt,
    name: meta.name.trim(),
    notes: meta.notes,
    type,
  });
  /** After a link or unlink: a new list moves to its saved route, a saved one reads itself again. */
  const showLinked = (id: number) => {
    if (saved.id === null) showSavedRoute(id);
    else ctx.editor.refresh();
  };
  const onLink = async (type: ListType, choice: PoweringChoice): Promise<boolean> => {
    try {
      const answer = await powerList(attributesOf(type), choice.templateId, choice.fields);
      notifySuccess(`The list now shows the ${word}’s submitted values`);
      showLinked(answer.id);
      return true;
    } catch (error) {
      notifyFailure(error, 'The list could not be linked. Please try again.');
      return false;
    }
  };
  const onUnlink = async (): Promise<boolean> => {
    if (saved.id === null) return true;
    try {
      await unpowerList({ ...attributesOf(saved.meta.type), id: saved.id });
      notifySuccess(`The list was unlinked; its values are its own again`);
      showLinked(saved.id);
      return true;
    } catch (error) {
      notifyFailure(error, 'The list could not be unlinked. Please try again.');
      return false;
    }
  };
  return { linkType, setLinkType, onLink, onUnlink };
}

/**
 * Save (spec 02 §2, §5): marks the name as touched (so a blank one says so), runs the editor's
 * save through `runSave` (the review's save sequence under live collaboration), moves a first save
 * to its route and gives the focus back to the grid (`focusGrid`).
 */
export function useListSave(
  ctx: ListEditorActionsContext,
  runSave: (save: () => Promise<boolean>) => Promise<unknown>,
  focusGrid: () => void,
) {
  const [isNameTouched, setIsNameTouched] = useState(false);
  const showSavedRoute = useShowSavedRoute(ctx);
  const onSave = async () => {
    setIsNameTouched(true);
    const result = { savedId: null as number | null };
    await runSave(async () => {
      result.savedId = await ctx.editor.save();
      return result.savedId !== null;
    });
    const { savedId } = result;
    if (savedId !== null && ctx.doc.saved.id === null) showSavedRoute(savedId);
    focusGrid();
  };
  return { isNameTouched, touchName: () => setIsNameTouched(true), onSave };
}

/**
 * CSV import and export of the grid (spec 02 §2 toolbar; spec 02 §5 limits). Import parses the
 * file, refuses one over the limits with a toast (nothing imported), keeps a drop-down list's
 * first column, asks before replacing the content and makes the replacement one undo step.
 * Export downloads the grid as `{name}.csv`.
 */
export function listCsvActions(
  data: GridData,
  meta: ListMeta,
  fallbackName: string,
  changeGrid: (next: GridData) => void,
) {
  const isDropDown = meta.type === 'drop-down';
  const onImport = async (file: File) => {
    const parsed = parseCsv(await file.text());
    if ('error' in parsed) {
      notifyError(parsed.error);
      return;
    }
    let { header, rows } = parsed;
    if (!isDropDown && header.length > LIST_MAX_COLUMNS) {
      notifyError(
        `The file has ${header.length} columns; a list holds at most ${LIST_MAX_COLUMNS}. Nothing was imported.`,
      );
      return;
    }
    if (rows.length > LIST_MAX_ROWS) {
      notifyError(
        `The file has ${rows.length.toLocaleString('en-US')} rows; a list holds at most ${LIST_MAX_ROWS.toLocaleString('en-US')}. Nothing was imported.`,
      );
      return;
    }
    const trimmed = isDropDown && header.length > 1 ? header.length - 1 : 0;
    if (trimmed > 0) {
      header = header.slice(0, 1);
      rows = rows.map((row) => row.slice(0, 1));
    }
    const isConfirmed = await confirmAction({
      title: 'Replace the list’s content?',
      message: `The grid will hold the ${rows.length.toLocaleString('en-US')} rows and ${header.length} column${header.length === 1 ? '' : 's'} of ${file.name}${trimmed > 0 ? ` (drop-down lists keep the first column; ${trimmed} more left out)` : ''}. You can undo this until you save.`,
      confirmLabel: 'Replace',
      isDestructive: false,
    });
    if (isConfirmed) changeGrid(replaceContent(data, header, rows));
  };

  const onExport = () => {
    const blob = new Blob([gridToCsv(data)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName(meta.name || fallbackName);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return { onImport, onExport };
}
