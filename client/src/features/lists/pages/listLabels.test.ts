import { AppError } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { listSearchText, listsDeletedMessage, listsDeleteErrorMessage } from './listLabels';

describe('list delete messages', () => {
  it('reads in the right number', () => {
    expect(listsDeletedMessage(1)).toBe('List deleted successfully');
    expect(listsDeletedMessage(3)).toBe('3 lists deleted successfully');
  });

  it('shows the server’s message, otherwise a default', () => {
    expect(listsDeleteErrorMessage(new AppError('NOT_FOUND', 'List not found'), 2)).toBe('List not found');
    expect(listsDeleteErrorMessage(new Error('boom'), 1)).toBe('List failed to delete');
    expect(listsDeleteErrorMessage(undefined, 2)).toBe('Lists failed to delete');
  });
});

describe('listSearchText', () => {
  it('matches name, notes and the type as shown', () => {
    expect(listSearchText({ name: 'Countries', notes: 'ISO 3166', type: 'drill-down' })).toBe(
      'Countries ISO 3166 Drill-down',
    );
  });
});
