import { FEATURE_FLAGS } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAG_LABELS } from './featureFlagLabels';

describe('FEATURE_FLAG_LABELS', () => {
  it('names every flag in words, never by its slug, and no two alike', () => {
    const labels = FEATURE_FLAGS.map((flag) => FEATURE_FLAG_LABELS[flag]);
    for (const [index, label] of labels.entries()) {
      expect(label.trim()).not.toBe('');
      expect(label).not.toBe(FEATURE_FLAGS[index]);
      expect(label).not.toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)+$/);
    }
    expect(new Set(labels).size).toBe(labels.length);
  });
});
