import { describe, expect, it } from 'vitest';
import { activityWindow } from './activityWindow';

// Local-time getters keep the assertions true in any time zone the tests run in.
const now = new Date(2026, 10, 21, 15, 42, 7);

describe('activityWindow', () => {
  it('runs from the start of the day N days back to the end of today', () => {
    const { timeFrom, timeTo } = activityWindow({ kind: 'days', days: 7 }, now);
    const from = new Date(timeFrom);
    const to = new Date(timeTo);
    expect([from.getFullYear(), from.getMonth(), from.getDate()]).toEqual([2026, 10, 14]);
    expect([from.getHours(), from.getMinutes(), from.getSeconds(), from.getMilliseconds()]).toEqual([
      0, 0, 0, 0,
    ]);
    expect([to.getFullYear(), to.getMonth(), to.getDate()]).toEqual([2026, 10, 21]);
    expect([to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([
      23, 59, 59, 999,
    ]);
  });

  it('crosses month and year boundaries', () => {
    const from = new Date(activityWindow({ kind: 'days', days: 30 }, new Date(2026, 0, 10, 9)).timeFrom);
    expect([from.getFullYear(), from.getMonth(), from.getDate()]).toEqual([2025, 11, 11]);
  });

  it('answers ISO 8601 UTC times', () => {
    const { timeFrom, timeTo } = activityWindow({ kind: 'days', days: 1 }, now);
    expect(timeFrom).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(timeTo).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('covers whole days of a custom range, in either order', () => {
    const forward = activityWindow({ kind: 'custom', from: '2026-03-01', to: '2026-03-31' }, now);
    const backward = activityWindow({ kind: 'custom', from: '2026-03-31', to: '2026-03-01' }, now);
    expect(backward).toEqual(forward);
    const from = new Date(forward.timeFrom);
    const to = new Date(forward.timeTo);
    expect([from.getMonth(), from.getDate(), from.getHours()]).toEqual([2, 1, 0]);
    expect([to.getMonth(), to.getDate(), to.getHours(), to.getMinutes()]).toEqual([2, 31, 23, 59]);
  });
});
