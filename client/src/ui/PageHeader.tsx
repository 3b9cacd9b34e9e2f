import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Props of PageHeader. */
export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons or badges shown to the right of the title. */
  aside?: ReactNode;
}

/** The title block of an admin page (spec 01 §2.2); also sets the document title. */
export function PageHeader({ title, description, aside }: PageHeaderProps) {
  useDocumentTitle(`${title} · Nomen`);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="nowrap">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {aside}
    </Group>
  );
}
