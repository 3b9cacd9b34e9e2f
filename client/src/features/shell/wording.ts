import { type AdminPage, type FeatureFlag, templateWord } from '@nomen/shared';

/** The words the datasets-page flag switches (spec 01 §1), in the forms the UI needs. */
export interface TemplateWording {
  /** "template" or "dataset". */
  word: 'template' | 'dataset';
  /** "Template" or "Dataset". */
  Word: 'Template' | 'Dataset';
  /** "templates" or "datasets". */
  words: 'templates' | 'datasets';
  /** "Templates" or "Datasets". */
  Words: 'Templates' | 'Datasets';
}

/** The template wording for an account's flags (spec 01 §1: dataset when datasets-page is on). */
export function templateWording(features: readonly FeatureFlag[]): TemplateWording {
  return templateWord(features) === 'dataset'
    ? { word: 'dataset', Word: 'Dataset', words: 'datasets', Words: 'Datasets' }
    : { word: 'template', Word: 'Template', words: 'templates', Words: 'Templates' };
}

/** Replaces `{template}` in a label with "Template" or "Dataset" (spec 01 §1). */
export function withTemplateWord(label: string, features: readonly FeatureFlag[]): string {
  return label.replaceAll('{template}', templateWording(features).Word);
}

/** The navigation label of an admin page, e.g. "Templates" or "Datasets" (spec 01 §1, §2.2). */
export function pageLabel(page: AdminPage, features: readonly FeatureFlag[]): string {
  return withTemplateWord(page.label, features);
}
