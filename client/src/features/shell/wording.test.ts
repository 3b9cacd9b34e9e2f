import { ADMIN_PAGES } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { pageLabel, templateWording, withTemplateWord } from './wording';

const templatesPage = ADMIN_PAGES.find((p) => p.key === 'templates')!;

describe('template wording', () => {
  it('says template without the datasets-page flag', () => {
    expect(templateWording([]).Words).toBe('Templates');
    expect(pageLabel(templatesPage, ['user-activity-log'])).toBe('Templates');
  });

  it('says dataset with the datasets-page flag', () => {
    expect(templateWording(['datasets-page'])).toEqual({
      word: 'dataset',
      Word: 'Dataset',
      words: 'datasets',
      Words: 'Datasets',
    });
    expect(pageLabel(templatesPage, ['datasets-page'])).toBe('Datasets');
    expect(withTemplateWord('Edit {template} · {template}s', ['datasets-page'])).toBe(
      'Edit Dataset · Datasets',
    );
  });

  it('leaves other labels alone', () => {
    expect(pageLabel(ADMIN_PAGES.find((p) => p.key === 'reports')!, ['datasets-page'])).toBe('Reports');
  });
});
