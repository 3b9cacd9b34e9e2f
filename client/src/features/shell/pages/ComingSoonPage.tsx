import { Text } from '@mantine/core';
import { PageHeader } from '../../../ui/PageHeader';
import { useSignedIn } from '../../auth/api';
import { withTemplateWord } from '../wording';

/** Props of ComingSoonPage. */
export interface ComingSoonPageProps {
  /** Screen title; `{template}` becomes Template or Dataset (spec 01 §1). */
  title: string;
}

/**
 * Placeholder for a screen of spec 01 §2.2 that a later issue builds: its title and one
 * sentence, nothing else.
 */
export function ComingSoonPage({ title }: ComingSoonPageProps) {
  const { features } = useSignedIn();
  return (
    <>
      <PageHeader title={withTemplateWord(title, features)} />
      <Text c="dimmed">Coming soon: this screen is not available yet.</Text>
    </>
  );
}
