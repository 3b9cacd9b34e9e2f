import { describe, expect, it } from 'vitest';
import { cellDecoration } from './useCellDecorator';

describe('cellDecoration (spec 02 §2 review marks; presence outlines)', () => {
  it('shows a mark, an outline or both, and says so in words', () => {
    expect(cellDecoration(undefined, undefined)).toBeUndefined();
    expect(cellDecoration('pending', undefined)).toMatchObject({
      description: 'Pending suggestion',
      outlineColor: undefined,
      className: 'review-mark-pending',
    });
    expect(
      cellDecoration('approved', { color: '#2f9e44', names: ['Jordan Lee', 'Sam Rivera'] }),
    ).toMatchObject({
      description: 'Approved suggestion; Selected by Jordan Lee, Sam Rivera',
      outlineColor: '#2f9e44',
    });
    expect(cellDecoration(undefined, { color: '#2f9e44', names: ['Jordan Lee'] })?.badge).toBeUndefined();
  });
});
