import { describe, expect, it } from 'vitest';
import { formatMessage, INTEGRATION_MESSAGES, integrationMessageText } from './messages';

describe('integration message catalogue', () => {
  it('fills params and leaves a missing one visible', () => {
    expect(formatMessage('{name}: {item} is required', { name: 'Box', item: 'Folder' })).toBe(
      'Box: Folder is required',
    );
    expect(formatMessage('{name} and {other}', { name: 'Box' })).toBe('Box and {other}');
  });

  it("keeps the spec's quoted wording", () => {
    expect(integrationMessageText('nameRequired')).toBe('Name is required');
    expect(integrationMessageText('accountRequired')).toBe('Account is required');
    expect(integrationMessageText('folderMustStartWithSlash')).toBe('Folder must start with /');
  });

  it('has no empty text', () => {
    for (const text of Object.values(INTEGRATION_MESSAGES)) expect(text.trim()).not.toBe('');
  });
});
