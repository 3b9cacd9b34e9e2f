import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** Props of LinkDrawerSection. */
export interface LinkDrawerSectionProps {
  /** The section's name, also its region's accessible name (spec 03 §4: Field Name, Link Parameters, Link Validations). */
  title: string;
  /** How many errors the section has; a red badge shows them (spec 03 §4 "Errors are tracked per section"). */
  errorCount: number;
  /** Shown at the right of the title, e.g. an add button. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * One bordered section of the link drawer: a titled region with its error count (spec 03 §4
 * "Link drawer").
 */
export function LinkDrawerSection({ title, errorCount, aside, children }: LinkDrawerSectionProps) {
  const titleId = useId();
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={3} size="h4" id={titleId}>
              {title}
            </Title>
            {errorCount > 0 ? (
              <Badge color="red" variant="light" data-testid="section-error-count">
                {errorCount} {errorCount === 1 ? 'error' : 'errors'}
              </Badge>
            ) : null}
          </Group>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
