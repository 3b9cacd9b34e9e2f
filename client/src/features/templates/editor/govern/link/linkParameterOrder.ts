import type { Announcements } from '@dnd-kit/core';
import type { LinkParameter } from '@nomen/shared';

/** The sortable id of a link parameter row: its id, or `row-<n>` (1-based) for one without. */
export function rowId(parameter: LinkParameter, index: number): string | number {
  return parameter.id ?? `row-${index + 1}`;
}

/**
 * What a screen reader hears while a link parameter is dragged (spec 03 §2 "drag-to-reorder
 * list"): the parameter by name (or "parameter <n>") and its position of the list's length. Pure.
 */
export function announcements(parameters: readonly LinkParameter[]): Announcements {
  const place = (id: string | number) =>
    parameters.findIndex((p, i) => String(rowId(p, i)) === String(id)) + 1;
  const name = (id: string | number) => parameters[place(id) - 1]?.name.trim() || `parameter ${place(id)}`;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${name(active.id)}, parameter ${place(active.id)} of ${parameters.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over position ${place(over.id)} of ${parameters.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped at position ${place(over.id)} of ${parameters.length}.`
        : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}
