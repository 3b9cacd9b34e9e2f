import { describe, expect, it } from 'vitest';
import { editorWords } from './EditorRoute';

describe('editorWords', () => {
  it('words the not-found page of a one-word item', () => {
    expect(editorWords('pattern', 'patterns', '/admin/patterns')).toEqual({
      what: 'pattern',
      title: 'Pattern not found',
      message: 'This pattern does not exist or was deleted.',
      back: { to: '/admin/patterns', label: 'Back to patterns' },
    });
  });

  it('capitalises only the first word of a two-word item', () => {
    expect(editorWords('field set', 'field sets', '/admin/fieldsets')).toEqual({
      what: 'field set',
      title: 'Field set not found',
      message: 'This field set does not exist or was deleted.',
      back: { to: '/admin/fieldsets', label: 'Back to field sets' },
    });
  });
});
