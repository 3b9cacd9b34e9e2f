import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { ConnectorMetadataView, ConnectorSummary, CustomField } from '@nomen/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { FormDrawer } from '../../../ui/FormDrawer';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useConnectorCustomFields, useConnectorMetadata, useConnectorTypes } from '../api';
import { customFieldsFailedMessage } from '../connectorMessages';
import { type ConnectorFormState, useConnectorForm } from '../hooks/useConnectorForm';
import { ConnectionSection, OAuthSection } from './ConnectorConnection';
import { CredentialsSection } from './ConnectorCredentials';

/** Props of ConnectorDrawer. */
export interface ConnectorDrawerProps {
  opened: boolean;
  /** The account to edit, or null to add one. */
  connector: ConnectorSummary | null;
  onClose: () => void;
  /** The connector type a new account starts with (e.g. the one an integration needs); none by default. */
  connectorTypeSlug?: string;
  /**
   * Called with the new or saved account's id and connector type id after a save that stays on the
   * page (not for OAuth types, which go on to the provider), before the drawer closes.
   */
  onSaved?: (saved: { id: number; connectorTypeId: number }) => void;
}

/**
 * The connected-account drawer (spec 01 §2.3): titled with the account's name when editing. It
 * loads the account's metadata (secrets as "set" markers) and custom fields (a failure names the
 * account, §8) and then shows the form.
 */
export function ConnectorDrawer({
  opened,
  connector,
  onClose,
  connectorTypeSlug,
  onSaved,
}: ConnectorDrawerProps) {
  const id = connector?.id ?? null;
  const metadata = useConnectorMetadata(id);
  const customFields = useConnectorCustomFields(id);
  const isLoading = id !== null && (metadata.isPending || customFields.isPending);
  const failed = id !== null && (metadata.isError || customFields.isError);

  if (isLoading || failed) {
    return (
      <FormDrawer
        opened={opened}
        onClose={onClose}
        title={connector?.name ?? 'Add connected account'}
        onSubmit={(e) => e.preventDefault()}
        canSubmit={false}
        submitBlockedReason={failed ? 'The account could not be loaded' : 'Loading…'}
      >
        {failed ? (
          <Alert color="red" title="Could not load this account">
            {customFields.isError
              ? customFieldsFailedMessage(connector?.name ?? '')
              : 'Its settings failed to load. Close the drawer and try again.'}
          </Alert>
        ) : (
          <Stack gap="md" aria-busy="true" aria-label="Loading the account">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Stack>
        )}
      </FormDrawer>
    );
  }
  return (
    <ConnectorForm
      opened={opened}
      connector={connector}
      stored={metadata.data ?? null}
      storedFields={customFields.data?.data ?? []}
      onClose={onClose}
      {...(connectorTypeSlug !== undefined ? { connectorTypeSlug } : {})}
      {...(onSaved ? { onSaved } : {})}
    />
  );
}

interface ConnectorFormProps extends ConnectorDrawerProps {
  stored: ConnectorMetadataView | null;
  storedFields: CustomField[];
}

/**
 * The form of the drawer (spec 01 §2.3, §3.2, §4, §5), on the form kit (useConnectorForm):
 * connector type (fixed once saved), name, description, the credential fields of the type's family
 * as its choice (auth_type, host_type) and the account's feature flags decide, custom fields, and
 * "Test connection" (of what is typed, before a save too; OAuth types once saved and signed in).
 * Every rule of §5 runs on each change (`validateConnector`);
 * Save is disabled while any fails, with the first reason as its tooltip. Stored secrets show as
 * "stored"; a blank one is kept. Switching the auth type clears the other choice's fields. OAuth
 * types go to the provider: direct ones at once, save-first ones after the save (§4). The Google
 * ad servers sign in with Google first; their connected email is then shown read-only and their
 * Profile ID chosen from the signed-in user's profiles (typed when Google cannot list them).
 */
function ConnectorForm({
  opened,
  connector,
  stored,
  storedFields,
  onClose,
  connectorTypeSlug,
  onSaved,
}: ConnectorFormProps) {
  const state = useConnectorForm({ connector, stored, storedFields, connectorTypeSlug, onClose, onSaved });
  const { type } = state;
  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={connector ? connector.name : 'Add connected account'}
      onSubmit={state.submit}
      canSubmit={state.canSubmit}
      isSubmitting={state.isBusy}
      submitLabel={state.submitLabel}
      submitBlockedReason={state.submitBlockedReason}
    >
      <AccountFields state={state} connector={connector} />
      <CredentialsSection state={state} connectorId={connector?.id ?? null} stored={stored} />
      {type?.oauth ? (
        <OAuthSection
          typeName={state.signInName}
          direct={type.oauth === 'direct'}
          stored={stored}
          isNew={state.isNew}
          isBusy={state.isBusy}
          onSignIn={
            connector
              ? () => void state.goToProvider(connector.id, connector.name, connector.description)
              : undefined
          }
        />
      ) : null}
      {state.isDirectOAuthNew ? null : <CustomFieldsSection state={state} />}
      {connector || (type && !type.oauth) ? (
        <ConnectionSection
          connectorId={connector?.id ?? null}
          type={type}
          stored={stored}
          isDirty={state.isDirty}
          draft={state.testDraft}
          blockedReason={state.testBlockedReason}
        />
      ) : null}
    </FormDrawer>
  );
}

/**
 * The account's own fields (spec 01 §2.3): its connector type (chosen from the offered types, the
 * saved account's own kept even when no longer offered; fixed once saved), name and description.
 */
function AccountFields({
  state,
  connector,
}: {
  state: ConnectorFormState;
  connector: ConnectorSummary | null;
}) {
  const types = useConnectorTypes();
  const { form, isNew } = state;
  const typeOptions = useMemo(() => {
    const offered = types.data?.data ?? [];
    const list = offered.map((t) => ({ value: t.slug, label: t.name }));
    if (connector && !list.some((o) => o.value === connector.connector_type.slug)) {
      list.push({ value: connector.connector_type.slug, label: connector.connector_type.name });
    }
    return list;
  }, [types.data, connector]);
  return (
    <>
      <Select
        label="Connector type"
        placeholder={types.isPending ? 'Loading connector types…' : 'Choose a connector type'}
        data={typeOptions}
        value={state.values.connector_type_slug || null}
        onChange={state.chooseType}
        searchable
        required
        disabled={!isNew}
        description={isNew ? undefined : 'The type of a saved account cannot change.'}
        error={
          form.formState.errors.connector_type_slug?.message ??
          (types.isError ? 'Connector types failed to load' : undefined)
        }
        comboboxProps={{ withinPortal: true }}
      />
      <FormTextInput control={form.control} name="name" label="Name" required />
      <FormTextarea
        control={form.control}
        name="description"
        label="Description"
        autosize
        minRows={2}
        maxRows={6}
      />
    </>
  );
}

/**
 * The account's custom fields (spec 01 §2.3): name and value rows, each removable (a stored one is
 * deleted on save), and "Add custom field".
 */
function CustomFieldsSection({ state }: { state: ConnectorFormState }) {
  const { form, customFields } = state;
  return (
    <>
      <Divider label="Custom fields" labelPosition="left" />
      {customFields.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No custom fields. Add one to keep extra facts about this account.
        </Text>
      ) : null}
      {customFields.fields.map((f, index) => (
        <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap">
          <FormTextInput
            control={form.control}
            name={`customFields.${index}.name`}
            aria-label={`Custom field ${index + 1} name`}
            placeholder="Name"
            style={{ flex: 1 }}
          />
          <FormTextInput
            control={form.control}
            name={`customFields.${index}.value`}
            aria-label={`Custom field ${index + 1} value`}
            placeholder="Value"
            style={{ flex: 1 }}
          />
          <Tooltip label="Remove this custom field">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove custom field ${index + 1}`}
              onClick={() => state.removeCustomField(index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => customFields.append({ fieldId: null, name: '', value: '' })}
        >
          Add custom field
        </Button>
      </Group>
    </>
  );
}
