import { RANDOM_FREQUENCIES, type RandomFrequency } from '@nomen/shared';
import type { Choice } from '../governance/governanceOptions';

/** Labels of a random segment's frequency (spec 02 §9: row or session). */
export const RANDOM_FREQUENCY_LABELS: Readonly<Record<RandomFrequency, string>> = {
  row: 'New for every row',
  session: 'Once per session',
};

function choices<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>): Choice<V>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Choices of a random segment's frequency (spec 02 §9). */
export const RANDOM_FREQUENCY_CHOICES = choices(RANDOM_FREQUENCIES, RANDOM_FREQUENCY_LABELS);
