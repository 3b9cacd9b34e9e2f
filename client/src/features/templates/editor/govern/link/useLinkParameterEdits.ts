import type { DragEndEvent } from '@dnd-kit/core';
import {
  type LinkDrawerDraft,
  type LinkParameter,
  moveLinkParameter,
  removeLinkParameter,
  type TemplateField,
  updateLinkParameter,
  withParameterField,
} from '@nomen/shared';
import { useCallback } from 'react';
import { confirmAction } from '../../../../../ui/confirmAction';

/** The link parameter list's edits, from useLinkParameterEdits. */
export interface LinkParameterEdits {
  setParameters: (recipe: (parameters: LinkParameter[]) => LinkParameter[]) => void;
  /** Patches one parameter. */
  onRowChange: (id: LinkParameter['id'], patch: Partial<LinkParameter>) => void;
  /** Fills a parameter from a source template field (by id as a string), or clears it. */
  onFieldChange: (id: LinkParameter['id'], templateFieldId: string | null) => void;
  /** Removes a parameter, asking first when it has a name or a field. */
  onRemove: (parameter: LinkParameter, position: number) => Promise<void>;
  /** Moves the dragged parameter to where it was dropped. */
  onDragEnd: (event: DragEndEvent) => void;
}

/**
 * The link drawer's parameter edits (spec 03 §2 "drag-to-reorder list", §4 "Link drawer"), applied
 * to the drawer's copy through `onChange`; `sources` are the template fields a parameter may be
 * filled from. The callbacks stay the same while their inputs do, so the memoised rows skip.
 */
export function useLinkParameterEdits(
  onChange: (recipe: (draft: LinkDrawerDraft) => LinkDrawerDraft) => void,
  sources: readonly TemplateField[],
): LinkParameterEdits {
  const setParameters = useCallback(
    (recipe: (parameters: LinkParameter[]) => LinkParameter[]) =>
      onChange((d) => ({ ...d, parameters: recipe(d.parameters) })),
    [onChange],
  );
  const onRowChange = useCallback(
    (id: LinkParameter['id'], patch: Partial<LinkParameter>) =>
      setParameters((list) => updateLinkParameter(list, id, (p) => ({ ...p, ...patch }))),
    [setParameters],
  );
  const onFieldChange = useCallback(
    (id: LinkParameter['id'], templateFieldId: string | null) => {
      const tf =
        templateFieldId === null ? null : (sources.find((f) => String(f.id) === templateFieldId) ?? null);
      setParameters((list) => updateLinkParameter(list, id, (p) => withParameterField(p, tf)));
    },
    [setParameters, sources],
  );
  const onRemove = useCallback(
    async (parameter: LinkParameter, position: number) => {
      const isEmpty =
        parameter.name.trim() === '' && parameter.field_id === null && parameter.template_field_id === null;
      if (!isEmpty) {
        const confirmed = await confirmAction({
          title: 'Remove this parameter?',
          message: `Parameter ${position} (${parameter.name.trim() || 'no name'}) leaves the link.`,
          confirmLabel: 'Remove',
        });
        if (!confirmed) return;
      }
      setParameters((list) => removeLinkParameter(list, parameter.id));
    },
    [setParameters],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      setParameters((list) =>
        moveLinkParameter(list, active.id as LinkParameter['id'], over.id as LinkParameter['id']),
      );
  };
  return { setParameters, onRowChange, onFieldChange, onRemove, onDragEnd };
}
