import { Alert, Anchor, Select, Skeleton, Stack, Text } from '@mantine/core';
import { templateIssueText } from '@nomen/shared';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../../../api/errors';
import { ConnectorDrawer } from '../../../../connectors/components/ConnectorDrawer';
import { useConnectorChoices } from '../useConnectorChoices';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * The connected account an integration uses (spec 03 §3 connector_id, §5 'Account is required',
 * "Account selection shows an error when none is chosen"): the account's connected accounts of the
 * row's connector type. A change of account goes through `applyIntegrationChange` (it clears
 * account-dependent settings, mappings and filters) and asks first on a saved integration (spec 03
 * §4). When the list cannot be loaded, or holds none of this type, it says "No connected accounts
 * yet" and offers "Connect an account": the connected-account drawer opens over the editor (the
 * unsaved template stays), and the account saved there is chosen for this integration.
 */
export function AccountSection({ assignment, definition, editing, issues }: IntegrationSectionProps) {
  const choices = useConnectorChoices(definition.connectorTypeSlug);
  const [drawer, setDrawer] = useState({ opened: false, session: 0 });
  const error = issues[0] ? templateIssueText(issues[0]) : undefined;

  if (choices.isPending) return <Skeleton height={58} radius="sm" aria-label="Loading connected accounts" />;

  const options = (choices.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  // A chosen account missing from the list (deleted, or not loadable) still shows as chosen.
  if (assignment.connector_id !== null && !options.some((o) => o.value === String(assignment.connector_id)))
    options.unshift({ value: String(assignment.connector_id), label: `Account #${assignment.connector_id}` });

  if (choices.isError || options.length === 0) {
    return (
      <NoAccounts
        definition={definition}
        editing={editing}
        loadError={choices.isError ? choices.error : null}
        error={error}
        drawer={drawer}
        setDrawer={setDrawer}
      />
    );
  }

  return (
    <Select
      label="Account"
      placeholder="Choose a connected account"
      required
      searchable
      data={options}
      value={assignment.connector_id === null ? null : String(assignment.connector_id)}
      onChange={(value) => {
        const connectorId = value === null ? null : Number(value);
        const chosen = choices.data?.find((c) => c.id === connectorId);
        void editing.change({
          kind: 'connector',
          connectorId,
          connectorTypeId: chosen?.connectorTypeId ?? null,
        });
      }}
      error={error}
    />
  );
}

/** The connected-account drawer's state: open, and its session (a new one each opening, 0 before the first). */
interface DrawerState {
  opened: boolean;
  session: number;
}

/**
 * "No connected accounts yet" (spec 03 §5): why (the list's load error, or none of this type), the
 * "Connect an account" link opening the connected-account drawer, whose saved account is chosen for
 * the integration, and the section's error.
 */
function NoAccounts(props: {
  definition: IntegrationSectionProps['definition'];
  editing: IntegrationSectionProps['editing'];
  loadError: unknown;
  error: string | undefined;
  drawer: DrawerState;
  setDrawer: (recipe: (drawer: DrawerState) => DrawerState) => void;
}) {
  const { definition, editing, error, drawer, setDrawer } = props;
  return (
    <Stack gap={4}>
      <Alert
        color="yellow"
        variant="light"
        icon={<IconPlugConnectedX size={18} aria-hidden />}
        title="No connected accounts yet"
      >
        <Text size="sm">
          {props.loadError !== null
            ? `Connected accounts could not be loaded (${errorMessage(props.loadError, 'unknown error')}). `
            : `There is no connected ${definition.label} account. `}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setDrawer((d) => ({ opened: true, session: d.session + 1 }))}
          >
            Connect an account
          </Anchor>
        </Text>
      </Alert>
      {error ? (
        <Text size="sm" c="red.7" role="alert">
          {error}
        </Text>
      ) : null}
      {drawer.session > 0 ? (
        <ConnectorDrawer
          key={drawer.session}
          opened={drawer.opened}
          connector={null}
          {...(definition.connectorTypeSlug ? { connectorTypeSlug: definition.connectorTypeSlug } : {})}
          onSaved={(saved) =>
            void editing.change({
              kind: 'connector',
              connectorId: saved.id,
              connectorTypeId: saved.connectorTypeId,
            })
          }
          onClose={() => setDrawer((d) => ({ ...d, opened: false }))}
        />
      ) : null}
    </Stack>
  );
}
