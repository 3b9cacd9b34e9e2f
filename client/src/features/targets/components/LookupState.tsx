import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../api/errors';

/**
 * What a provider look-up shows when it failed (spec 01 §7: lists read live from the account):
 * the provider's words as the server passed them on, and a retry. `what` names the list in
 * prose ("report suites").
 */
export function LookupFailure(props: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">
          {`The ${props.what} could not be read. `}
          {errorMessage(props.error, 'The provider did not answer.')}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={props.onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
