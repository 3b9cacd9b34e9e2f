import { describe, expect, it } from 'vitest';
import { aemFolderNode } from './aemFolderNode';

describe('aemFolderNode', () => {
  it('shows a titled page by its title, with its name from the path beside it', () => {
    expect(aemFolderNode({ name: 'en', title: 'English', path: '/content/acme/en' })).toEqual({
      label: 'English (en)',
      value: '/content/acme/en',
      hasChildren: true,
    });
  });

  it('shows a folder without a title, or with a blank one or its own name, by its name alone', () => {
    expect(aemFolderNode({ name: 'campaigns', title: null, path: '/campaigns' }).label).toBe('campaigns');
    expect(aemFolderNode({ name: 'campaigns', title: '  ', path: '/campaigns' }).label).toBe('campaigns');
    expect(aemFolderNode({ name: 'spring', title: 'spring', path: '/spring' }).label).toBe('spring');
  });
});
