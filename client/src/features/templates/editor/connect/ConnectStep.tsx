import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IntegrationList } from './IntegrationList';

/**
 * The connect step (spec 03 §2 "Connect step: integrations panel"; §4 "Integrations"): the
 * template's Inbound integrations (INPUT) and Outbound ones (OUTPUT and SUPPLEMENTAL), each with
 * its add picker, panels and configuration forms. Integrations are saved with the template; a
 * deletion is immediate and also sent to the server.
 */
export function ConnectStep() {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Connect the template to the outside: inbound integrations bring data in, outbound ones send each
        submission out. Changes are saved with the template.
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <IntegrationList list="inbound" />
        <IntegrationList list="outbound" />
      </SimpleGrid>
    </Stack>
  );
}
