import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of ReportSection. */
export interface ReportSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  /** Controls beside the title: filters and the download action. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One section of the reports page (spec 01 §2.9): a titled card with its actions. */
export function ReportSection({ id, title, description, actions, children }: ReportSectionProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id={`${id}-title`}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {actions}
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
