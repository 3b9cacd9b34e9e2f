import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Divider,
  FileButton,
  Group,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  AppError,
  type ConnectorIssue,
  type ConnectorMetadataView,
  type ConnectorSummary,
  type CustomField,
  canSubmitConnector,
  connectorTypeBySlug,
  newConnectorMetadata,
  type ResolvedField,
  switchChoice,
  validateConnector,
  visibleFields,
} from '@nomen/shared';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconPlugConnected,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { issuesByField } from '../../../api/errors';
import { FormDrawer } from '../../../ui/FormDrawer';
import { notifyError, notifyFailure, notifySuccess } from '../../../ui/notify';
import { Timestamp } from '../../../ui/Timestamp';
import { useSignedIn } from '../../auth/api';
import {
  useAcceptHostKey,
  useConnectorCustomFields,
  useConnectorMetadata,
  useConnectorTypes,
  useGoogleProfiles,
  useReloadConnectors,
  useSaveConnector,
  useStartOAuth,
  useTestConnection,
} from '../api';
import {
  CONNECTOR_SAVE_FAILED,
  customFieldsFailedMessage,
  OAUTH_START_FAILED,
  offeredHostKey,
} from '../connectorMessages';
import { googleProfileInput } from '../googleProfileChoice';

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

interface FormValues {
  connector_type_slug: string;
  name: string;
  description: string;
  metadata: Record<string, string>;
  customFields: { fieldId: number | null; name: string; value: string }[];
}

interface ConnectorFormProps extends ConnectorDrawerProps {
  stored: ConnectorMetadataView | null;
  storedFields: CustomField[];
}

/** "Password: Required": why Save is disabled, for its tooltip (issue 10: tooltips on disabled buttons). */
function blockedReason(issues: readonly ConnectorIssue[], fields: readonly ResolvedField[]): string | null {
  const first = issues[0];
  if (!first) return null;
  const key = first.path.replace(/^metadata\./, '');
  const label =
    first.path === 'name'
      ? 'Name'
      : first.path === 'connector_type_slug'
        ? 'Connector type'
        : first.path.startsWith('customFields')
          ? 'Custom fields'
          : (fields.find((f) => f.key === key)?.definition.label ?? key);
  return `${label}: ${first.message.replace(/^\*/, '')}`;
}

/**
 * The form of the drawer (spec 01 §2.3, §3.2, §4, §5): connector type (fixed once saved), name,
 * description, the credential fields of the type's family as its choice (auth_type, host_type) and
 * the account's feature flags decide, custom fields, and for saved accounts "Test connection".
 * Every rule of §5 runs on each change (`validateConnector`); Save is disabled while any fails,
 * with the first reason as its tooltip. Stored secrets show as "stored"; a blank one is kept.
 * Switching the auth type clears the other choice's fields. OAuth types go to the provider: direct
 * ones at once, save-first ones after the save (§4). The Google ad servers sign in with Google
 * first; their connected email is then shown read-only and their Profile ID chosen from the
 * signed-in user's profiles (typed when Google cannot list them).
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
  const { features } = useSignedIn();
  const types = useConnectorTypes();
  const save = useSaveConnector();
  const startOAuth = useStartOAuth();
  const test = useTestConnection();
  const reload = useReloadConnectors();
  const [deletedFields, setDeletedFields] = useState<number[]>([]);
  const [attempted, setAttempted] = useState(false);
  const isNew = connector === null;

  const form = useForm<FormValues>({
    defaultValues: {
      connector_type_slug: connector?.connector_type.slug ?? connectorTypeSlug ?? '',
      name: connector?.name ?? '',
      description: connector?.description ?? '',
      metadata: stored?.metadata ?? {},
      customFields: storedFields.map((f) => ({ fieldId: f.id, name: f.name, value: f.value })),
    },
  });
  const fieldArray = useFieldArray({ control: form.control, name: 'customFields' });
  const values = form.watch();
  const type = connectorTypeBySlug(values.connector_type_slug);
  const storedSecrets = stored?.secrets_set ?? [];
  const isDirectOAuthNew = type?.oauth === 'direct' && isNew;
  /** Whom the sign-in button names: "Google" for the Google ad servers, else the type. */
  const signInName = type?.signInWith ?? type?.name ?? '';

  const issues = useMemo(
    () =>
      validateConnector(
        {
          name: values.name ?? '',
          type,
          metadata: values.metadata ?? {},
          customFields: (values.customFields ?? []).map((f) => ({
            name: f.name ?? '',
            value: f.value ?? '',
          })),
        },
        { isNew, features, storedSecrets },
      ),
    [values, type, isNew, features, storedSecrets],
  );
  const isBusy = save.isPending || startOAuth.isPending;
  const canSubmit = canSubmitConnector(issues, isBusy);
  const { touchedFields, dirtyFields, errors } = form.formState;

  /** The message to show under a field: a server error, or a rule once the field was touched. */
  const messageFor = (path: string): string | undefined => {
    const [head, key] = path.split('.') as [string, string | undefined];
    const serverError =
      head === 'metadata'
        ? errors.metadata?.[key!]?.message
        : (errors as Record<string, { message?: string }>)[head]?.message;
    if (serverError) return serverError;
    const touched =
      attempted ||
      (head === 'metadata'
        ? touchedFields.metadata?.[key!] || dirtyFields.metadata?.[key!]
        : (touchedFields as Record<string, unknown>)[head] || (dirtyFields as Record<string, unknown>)[head]);
    return touched ? issues.find((i) => i.path === path)?.message : undefined;
  };

  const typeOptions = useMemo(() => {
    const offered = types.data?.data ?? [];
    const list = offered.map((t) => ({ value: t.slug, label: t.name }));
    if (connector && !list.some((o) => o.value === connector.connector_type.slug)) {
      list.push({ value: connector.connector_type.slug, label: connector.connector_type.name });
    }
    return list;
  }, [types.data, connector]);

  const chooseType = (slug: string | null) => {
    const next = slug ? connectorTypeBySlug(slug) : undefined;
    form.setValue('connector_type_slug', slug ?? '', { shouldDirty: true, shouldTouch: true });
    form.setValue('metadata', next ? newConnectorMetadata(next) : {}, { shouldDirty: true });
  };

  const chooseOption = (value: string) => {
    if (!type) return;
    const next = switchChoice(type, form.getValues('metadata') ?? {}, value);
    form.setValue('metadata', next.metadata, { shouldDirty: true });
  };

  const goToProvider = async (connectorId: number | null, name: string, description: string) => {
    if (!type) return;
    try {
      const url = await startOAuth.mutateAsync({
        slug: type.slug,
        body: {
          connector_id: connectorId,
          connector_name: name,
          connector_description: description,
          connector_type_id: type.id,
          connector_type_slug: type.slug,
        },
      });
      window.location.assign(url);
    } catch (error) {
      notifyFailure(error, OAUTH_START_FAILED);
    }
  };

  const submit = form.handleSubmit(async (v) => {
    setAttempted(true);
    if (!type || !canSubmit) return;
    if (isDirectOAuthNew) {
      await goToProvider(null, v.name.trim(), v.description);
      return;
    }
    try {
      const saved = await save.mutateAsync({
        id: connector?.id ?? null,
        name: v.name,
        description: v.description,
        connector_type_slug: type.slug,
        connector_type_id: type.id,
        metadata: v.metadata,
        customFields: v.customFields.map((f) => ({ id: f.fieldId, name: f.name, value: f.value })),
        deletedFields,
        updated_at: connector?.updated_at ?? null,
      });
      if (type.oauth === 'save-first') {
        await goToProvider(saved.id, saved.name, saved.description);
        return;
      }
      notifySuccess(isNew ? 'Connected account added' : 'Connected account saved');
      onSaved?.({ id: saved.id, connectorTypeId: type.id });
      onClose();
    } catch (error) {
      const fields = issuesByField(error instanceof AppError ? error.issues : undefined);
      for (const [path, message] of Object.entries(fields)) {
        form.setError(path as 'name', { type: 'server', message });
      }
      if (error instanceof AppError && error.code === 'STALE_WRITE')
        notifyFailure(error, CONNECTOR_SAVE_FAILED, reload);
      else notifyError(error instanceof AppError && error.message ? error.message : CONNECTOR_SAVE_FAILED);
    }
  });

  // A new account of a direct type is made by the provider's answer: nothing to fill before it.
  const fields = type && !isDirectOAuthNew ? visibleFields(type, values.metadata ?? {}, features) : [];
  const isDirty = Object.keys(dirtyFields).length > 0 || deletedFields.length > 0;
  const submitLabel = isDirectOAuthNew
    ? `Sign in with ${signInName}`
    : type?.oauth === 'save-first'
      ? `Save and sign in with ${signInName}`
      : 'Save';

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={connector ? connector.name : 'Add connected account'}
      onSubmit={submit}
      canSubmit={canSubmit}
      isSubmitting={isBusy}
      submitLabel={submitLabel}
      submitBlockedReason={blockedReason(issues, fields)}
    >
      <Select
        label="Connector type"
        placeholder={types.isPending ? 'Loading connector types…' : 'Choose a connector type'}
        data={typeOptions}
        value={values.connector_type_slug || null}
        onChange={chooseType}
        searchable
        required
        disabled={!isNew}
        description={isNew ? undefined : 'The type of a saved account cannot change.'}
        error={
          messageFor('connector_type_slug') ?? (types.isError ? 'Connector types failed to load' : undefined)
        }
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput label="Name" required error={messageFor('name')} {...form.register('name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.register('description')} />

      {type && fields.length > 0 ? (
        <>
          <Divider label="Credentials" labelPosition="left" />
          {fields.map((f) =>
            f.definition.fromSignIn ? (
              <TextInput
                key={f.key}
                label={f.definition.label}
                value={stored?.metadata[f.key] ?? ''}
                readOnly
                placeholder={`Filled in when you sign in with ${signInName}`}
                description={f.definition.description}
                error={messageFor(`metadata.${f.key}`)}
              />
            ) : f.key === 'googleProfileId' && type.googleProfiles ? (
              <GoogleProfileField
                key={f.key}
                field={f}
                connectorId={connector?.id ?? null}
                connected={stored?.oauth.connected ?? false}
                value={values.metadata?.[f.key] ?? ''}
                error={messageFor(`metadata.${f.key}`)}
                onChange={(v) =>
                  form.setValue(`metadata.${f.key}`, v, { shouldDirty: true, shouldTouch: true })
                }
              />
            ) : (
              <CredentialInput
                key={`${f.key}-${f.when ?? ''}`}
                field={f}
                value={values.metadata?.[f.key] ?? ''}
                isStored={storedSecrets.includes(f.key)}
                error={messageFor(`metadata.${f.key}`)}
                features={features}
                register={form.register}
                onChoose={chooseOption}
                onFile={(text) =>
                  form.setValue(`metadata.${f.key}`, text, { shouldDirty: true, shouldTouch: true })
                }
                isChoice={f.key === type.choiceKey}
              />
            ),
          )}
        </>
      ) : null}

      {type?.oauth ? (
        <OAuthSection
          typeName={signInName}
          direct={type.oauth === 'direct'}
          stored={stored}
          isNew={isNew}
          isBusy={isBusy}
          onSignIn={
            connector
              ? () => void goToProvider(connector.id, connector.name, connector.description)
              : undefined
          }
        />
      ) : null}

      {isDirectOAuthNew ? null : (
        <>
          <Divider label="Custom fields" labelPosition="left" />
          {fieldArray.fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              No custom fields. Add one to keep extra facts about this account.
            </Text>
          ) : null}
          {fieldArray.fields.map((f, index) => (
            <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                aria-label={`Custom field ${index + 1} name`}
                placeholder="Name"
                style={{ flex: 1 }}
                error={
                  messageFor(`customFields.${index}.name`) ??
                  issues.find((i) => i.path === `customFields.${index}.name` && attempted)?.message
                }
                {...form.register(`customFields.${index}.name`)}
              />
              <TextInput
                aria-label={`Custom field ${index + 1} value`}
                placeholder="Value"
                style={{ flex: 1 }}
                {...form.register(`customFields.${index}.value`)}
              />
              <Tooltip label="Remove this custom field">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove custom field ${index + 1}`}
                  onClick={() => {
                    const fieldId = form.getValues(`customFields.${index}.fieldId`);
                    if (fieldId !== null) setDeletedFields((d) => [...d, fieldId]);
                    fieldArray.remove(index);
                  }}
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
              onClick={() => fieldArray.append({ fieldId: null, name: '', value: '' })}
            >
              Add custom field
            </Button>
          </Group>
        </>
      )}

      {connector ? (
        <>
          <Divider label="Connection" labelPosition="left" />
          <Group align="flex-start" wrap="nowrap">
            <Tooltip label="Save your changes first; the test uses the saved account." disabled={!isDirty}>
              <span>
                <Button
                  variant="default"
                  leftSection={<IconPlugConnected size={16} aria-hidden />}
                  loading={test.isPending}
                  disabled={isDirty}
                  onClick={() => test.mutate(connector.id)}
                >
                  Test connection
                </Button>
              </span>
            </Tooltip>
            <TestConnectionResult test={test} />
          </Group>
          {type?.family === 'sftp' ? (
            <HostKeySection
              connectorId={connector.id}
              hostKey={stored?.host_key ?? null}
              offered={offeredHostKey(test.data?.message)}
            />
          ) : null}
        </>
      ) : null}
    </FormDrawer>
  );
}

/**
 * An SFTP account's pinned host key (README "Security"): the fingerprint, or that the first
 * successful test pins it; when a test met another key, the admin may accept it here.
 */
function HostKeySection({
  connectorId,
  hostKey,
  offered,
}: {
  connectorId: number;
  hostKey: string | null;
  offered: string | null;
}) {
  const accept = useAcceptHostKey();
  return (
    <>
      <Divider label="Host key" labelPosition="left" />
      {hostKey ? (
        <Text size="sm">
          Pinned host key (SHA-256): <Code>{hostKey}</Code>. A server presenting another key is refused.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Not pinned yet: the first successful Test connection pins the server's host key.
        </Text>
      )}
      {offered && offered !== hostKey ? (
        <Alert color="orange" title="The server presents a new host key">
          <Text size="sm">
            Accept <Code>{offered}</Code> only if your SFTP provider confirms it is their server's new key.
          </Text>
          <Button
            mt="xs"
            color="orange"
            loading={accept.isPending}
            onClick={() =>
              accept.mutate(
                { id: connectorId, fingerprint: offered },
                {
                  onSuccess: () => notifySuccess('New host key accepted'),
                  onError: (error) => notifyFailure(error, 'The host key could not be accepted'),
                },
              )
            }
          >
            Accept the new host key
          </Button>
        </Alert>
      ) : null}
    </>
  );
}

interface CredentialInputProps {
  field: ResolvedField;
  value: string;
  isStored: boolean;
  error: string | undefined;
  features: readonly string[];
  register: ReturnType<typeof useForm<FormValues>>['register'];
  onChoose: (value: string) => void;
  onFile: (text: string) => void;
  isChoice: boolean;
}

/** One credential field as its kind says (spec 01 §3.2): text, secret, number, choice, JSON file. */
function CredentialInput({
  field,
  value,
  isStored,
  error,
  features,
  register,
  onChoose,
  onFile,
  isChoice,
}: CredentialInputProps) {
  const { definition, key } = field;
  const required = field.required === 'always' || (field.required === 'new' && !isStored);
  const storedHint = isStored
    ? 'Stored. Leave blank to keep it, or enter a new value to replace it.'
    : undefined;
  const [fileName, setFileName] = useState<string | null>(null);
  const name = `metadata.${key}` as const;

  if (definition.kind === 'select' || isChoice) {
    const options = (definition.options ?? []).filter((o) => !o.flag || features.includes(o.flag));
    return (
      <Select
        label={definition.label}
        data={options.map((o) => ({ value: o.value, label: o.label }))}
        value={value || null}
        onChange={(v) => v && onChoose(v)}
        allowDeselect={false}
        required={required}
        error={error}
        description={options.length > 1 ? 'Switching clears the fields of the other choice.' : undefined}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (definition.kind === 'json-file') {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {definition.label}
          {required ? <span style={{ color: 'var(--mantine-color-error)' }}> *</span> : null}
        </Text>
        <Group gap="sm">
          <FileButton
            accept="application/json,.json"
            onChange={(file) => {
              if (!file) return;
              setFileName(file.name);
              void file.text().then(onFile);
            }}
          >
            {(props) => (
              <Button variant="default" size="xs" {...props}>
                Choose key file
              </Button>
            )}
          </FileButton>
          {fileName ? (
            <Badge variant="light">{fileName}</Badge>
          ) : isStored ? (
            <Badge color="gray">Stored</Badge>
          ) : null}
        </Group>
        {storedHint && !fileName ? (
          <Text size="xs" c="dimmed">
            {storedHint}
          </Text>
        ) : null}
        {error ? (
          <Text size="xs" c="red">
            {error}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (definition.kind === 'textarea') {
    return (
      <Textarea
        label={definition.label}
        required={required}
        autosize
        minRows={3}
        maxRows={8}
        placeholder={isStored ? '•••••••• (stored)' : undefined}
        description={storedHint}
        error={error}
        styles={{ input: { fontFamily: 'monospace' } }}
        autoComplete="off"
        {...register(name)}
      />
    );
  }
  if (definition.kind === 'secret') {
    return (
      <PasswordInput
        label={definition.label}
        required={required}
        placeholder={isStored ? '•••••••• (stored)' : undefined}
        description={storedHint}
        error={error}
        autoComplete="new-password"
        {...register(name)}
      />
    );
  }
  return (
    <TextInput
      label={definition.label}
      required={required}
      description={definition.description}
      inputMode={definition.kind === 'number' ? 'numeric' : undefined}
      error={error}
      {...register(name)}
    />
  );
}

/**
 * The Profile ID of a Google ad server (spec 01 §5 googleProfileId): once the account is signed in,
 * a choice of the signed-in user's CM360 user profiles or DV360 partners (read by
 * `GET .../google-profiles`); a text input before the sign-in, when Google cannot list them (its
 * reason shown), or when the user prefers to type it.
 */
function GoogleProfileField({
  field,
  connectorId,
  connected,
  value,
  error,
  onChange,
}: {
  field: ResolvedField;
  connectorId: number | null;
  connected: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const [typing, setTyping] = useState(false);
  const list = useGoogleProfiles(connectorId, connected && !typing);
  const input = googleProfileInput({
    connected,
    status: list.status,
    profiles: list.data?.data,
    error: list.error,
    current: value,
    typing,
  });
  const { label } = field.definition;
  if (input.kind === 'loading') {
    return (
      <Select label={label} required data={[]} disabled placeholder="Reading your profiles from Google…" />
    );
  }
  if (input.kind === 'list') {
    return (
      <Stack gap={4}>
        <Select
          label={label}
          required
          searchable
          data={input.options}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          placeholder="Choose a profile"
          description="The profiles of the signed-in Google user."
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group>
          <Button variant="subtle" size="compact-xs" onClick={() => setTyping(true)}>
            Type the ID instead
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        required
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        description={input.reason ?? field.definition.description}
        error={error}
      />
      {connected && typing ? (
        <Group>
          <Button variant="subtle" size="compact-xs" onClick={() => setTyping(false)}>
            Choose from the list
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The OAuth state of an account and its sign-in button (spec 01 §4). */
function OAuthSection({
  typeName,
  direct,
  stored,
  isNew,
  isBusy,
  onSignIn,
}: {
  typeName: string;
  direct: boolean;
  stored: ConnectorMetadataView | null;
  isNew: boolean;
  isBusy: boolean;
  onSignIn: (() => void) | undefined;
}) {
  const oauth = stored?.oauth;
  return (
    <>
      <Divider label={`Sign-in with ${typeName}`} labelPosition="left" />
      {isNew ? (
        <Text size="sm" c="dimmed">
          {direct
            ? `Signing in sends you to ${typeName} to allow access; the account is added when you come back.`
            : `Saving sends you to ${typeName} to sign in and allow access; you come back here afterwards.`}
        </Text>
      ) : oauth?.connected ? (
        <Text size="sm">
          Authorised {oauth.connected_at ? <Timestamp value={oauth.connected_at} /> : null}
          {oauth.scope ? ` (scope ${oauth.scope})` : ''}.
        </Text>
      ) : (
        <Text size="sm" c="orange">
          Not authorised yet.
        </Text>
      )}
      {onSignIn ? (
        <Group>
          <Button variant="light" onClick={onSignIn} loading={isBusy}>
            {oauth?.connected ? `Sign in with ${typeName} again` : `Sign in with ${typeName}`}
          </Button>
        </Group>
      ) : null}
    </>
  );
}

/**
 * The answer of "Test connection" (spec 01 §4), beside its button so that a click visibly changes
 * what is in view: "Connection works" or "Connection failed" with the provider's message, or the
 * reason the test could not run. A status region, present before any answer, so that screen
 * readers announce the answer when it arrives; empty while no test ran or one is running.
 */
function TestConnectionResult({ test }: { test: ReturnType<typeof useTestConnection> }) {
  const answer = test.isPending
    ? null
    : test.data
      ? { ok: test.data.ok, message: test.data.message }
      : test.isError
        ? { ok: false, message: test.error instanceof Error ? test.error.message : 'The test could not run.' }
        : null;
  const ref = useRef<HTMLDivElement>(null);
  // A long answer may reach past the drawer's fold: bring all of it into view once it arrives.
  const answerKey = answer ? `${answer.ok}:${answer.message}` : null;
  useEffect(() => {
    if (answerKey !== null) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [answerKey]);
  return (
    <Stack ref={ref} gap={2} role="status" style={{ flex: 1, minWidth: 0 }}>
      {answer ? (
        <>
          <Group gap={6} wrap="nowrap">
            {answer.ok ? (
              <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
            ) : (
              <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />
            )}
            <Text size="sm" fw={600} c={answer.ok ? 'green.8' : 'red.8'}>
              {answer.ok ? 'Connection works' : 'Connection failed'}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {answer.message}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
