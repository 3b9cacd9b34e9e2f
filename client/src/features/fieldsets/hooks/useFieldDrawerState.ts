import type { FieldSave, FieldsetSaveParsed } from '@nomen/shared';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useSearchParam } from '../../../ui/useSearchParam';
import { type FieldsetDraft, newField } from '../fieldsetDraft';

/** The field open in the field-set editor's drawer (spec 02 §2). */
export interface FieldDrawerState {
  field: FieldSave;
  /** Whether Apply adds the field rather than replacing one. */
  isNew: boolean;
  /** Whether the drawer is open; false while it animates closed. */
  opened: boolean;
  /** Counts openings, so each one starts the drawer afresh (its React key). */
  session: number;
}

/** What useFieldDrawerState answers. */
export interface FieldDrawerControls {
  /** The drawer's field, or null before the first opening. */
  drawer: FieldDrawerState | null;
  /** Opens a field of the set and puts its id in ?open=. */
  openField: (field: FieldSave) => void;
  /** Opens the drawer on a new field. */
  addField: () => void;
  /** Closes the drawer and clears ?open=. */
  closeDrawer: () => void;
}

/**
 * The field-set editor's drawer state (spec 02 §2): which field it edits, and ?open={fieldId},
 * which opens that field's drawer on arrival and when the address changes.
 */
export function useFieldDrawerState(
  form: UseFormReturn<FieldsetDraft, unknown, FieldsetSaveParsed>,
): FieldDrawerControls {
  const [openParam, setOpenParam] = useSearchParam('open');
  const [drawer, setDrawer] = useState<FieldDrawerState | null>(null);

  // Each ?open= value is handled once, so closing the drawer does not reopen it.
  const handledOpen = useRef<string | null>(null);
  useEffect(() => {
    if (openParam === handledOpen.current) return;
    handledOpen.current = openParam;
    if (!openParam) return;
    const field = form.getValues('fields').find((f) => String(f.id) === openParam);
    if (field) setDrawer((d) => ({ field, isNew: false, opened: true, session: (d?.session ?? 0) + 1 }));
  }, [openParam, form]);

  const openField = (field: FieldSave) => {
    setDrawer((d) => ({ field, isNew: false, opened: true, session: (d?.session ?? 0) + 1 }));
    handledOpen.current = String(field.id);
    setOpenParam(String(field.id));
  };
  const addField = () =>
    setDrawer((d) => ({ field: newField(), isNew: true, opened: true, session: (d?.session ?? 0) + 1 }));
  const closeDrawer = () => {
    setDrawer((d) => (d ? { ...d, opened: false } : null));
    if (openParam) setOpenParam(null);
  };
  return { drawer, openField, addField, closeDrawer };
}
