import { describe, expect, it } from 'vitest';
import { clickSelection, idsBetween } from './rangeSelection';

const ids = [10, 20, 30, 40, 50];

describe('idsBetween', () => {
  it('takes both ends and everything between, in table order, whichever end comes first', () => {
    expect(idsBetween(ids, 20, 40)).toEqual([20, 30, 40]);
    expect(idsBetween(ids, 40, 20)).toEqual([20, 30, 40]);
    expect(idsBetween(ids, 30, 30)).toEqual([30]);
  });

  it('is empty when an end is not in view', () => {
    expect(idsBetween(ids, 99, 20)).toEqual([]);
    expect(idsBetween(ids, 20, 99)).toEqual([]);
  });
});

describe('clickSelection', () => {
  it('flips only the clicked row on a plain click', () => {
    expect([...clickSelection(new Set([10]), ids, 30, 10, false)].sort()).toEqual([10, 30]);
    expect([...clickSelection(new Set([10, 30]), ids, 30, 10, false)]).toEqual([10]);
  });

  it('selects the range from the last clicked row on a shift-click', () => {
    expect([...clickSelection(new Set([20]), ids, 50, 20, true)].sort()).toEqual([20, 30, 40, 50]);
  });

  it('selects upwards as well as downwards', () => {
    expect([...clickSelection(new Set([40]), ids, 10, 40, true)].sort()).toEqual([10, 20, 30, 40]);
  });

  it('clears the range when the shift-clicked row was selected', () => {
    const selected = new Set([10, 20, 30, 40, 50]);
    expect([...clickSelection(selected, ids, 40, 20, true)].sort()).toEqual([10, 50]);
  });

  it('keeps rows outside the range as they were', () => {
    expect([...clickSelection(new Set([50]), ids, 30, 10, true)].sort()).toEqual([10, 20, 30, 50]);
  });

  it('acts as a plain click without an anchor or when the anchor left the view', () => {
    expect([...clickSelection(new Set(), ids, 30, null, true)]).toEqual([30]);
    expect([...clickSelection(new Set(), ids, 30, 99, true)]).toEqual([30]);
  });

  it('does not change the selection it was given', () => {
    const selected = new Set([10]);
    clickSelection(selected, ids, 30, 10, true);
    expect([...selected]).toEqual([10]);
  });
});
