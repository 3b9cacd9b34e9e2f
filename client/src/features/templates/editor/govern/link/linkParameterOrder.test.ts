import type { LinkParameter } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { announcements, rowId } from './linkParameterOrder';

const parameter = (id: LinkParameter['id'], name: string) => ({ id, name }) as LinkParameter;

describe('link parameter drag announcements (spec 03 §2 drag-to-reorder)', () => {
  const list = [parameter(11, 'utm_source'), parameter(null, ' ')];

  it('ids a row without an id by its place', () => {
    expect(rowId(list[0]!, 0)).toBe(11);
    expect(rowId(list[1]!, 1)).toBe('row-2');
  });

  it('names a parameter by name, else by its place', () => {
    const said = announcements(list);
    expect(said.onDragStart({ active: { id: 11 } } as never)).toBe('Picked up utm_source, parameter 1 of 2.');
    expect(said.onDragEnd({ active: { id: 'row-2' }, over: { id: 11 } } as never)).toBe(
      'parameter 2 was dropped at position 1 of 2.',
    );
    expect(said.onDragCancel({ active: { id: 11 } } as never)).toBe('Moving utm_source was cancelled.');
  });
});
