import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../api/errors';

/** Props of QueryErrorAlert. */
export interface QueryErrorAlertProps {
  error: unknown;
  /** What failed to load, e.g. "users". */
  what: string;
  onRetry?: () => void;
}

/** A load failure with the server's message and a retry button (issue 2, quality: clear errors). */
export function QueryErrorAlert({ error, what, onRetry }: QueryErrorAlertProps) {
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={`Could not load ${what}`} role="alert">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{errorMessage(error, 'Something went wrong. Please try again.')}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
