import {
  Badge,
  Button,
  Divider,
  FileButton,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ConnectorMetadataView, ResolvedField } from '@nomen/shared';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useGoogleProfiles } from '../api';
import { googleProfileInput } from '../googleProfileChoice';
import type { ConnectorFormState } from '../hooks/useConnectorForm';

/** Props of CredentialsSection: the drawer's form state and what was loaded for the account. */
export interface CredentialsSectionProps {
  state: ConnectorFormState;
  connectorId: number | null;
  stored: ConnectorMetadataView | null;
}

/**
 * The "Credentials" part of the connector drawer (spec 01 §3.2, §5): the visible fields of the
 * type's family as its choice and the account's feature flags decide; a field filled by the
 * sign-in shows read-only, a Google ad server's Profile ID is chosen from the signed-in user's
 * profiles, every other field is an input of its kind. Nothing when the type has no visible field.
 */
export function CredentialsSection({ state, connectorId, stored }: CredentialsSectionProps) {
  const { type, fields, form, values, signInName, storedSecrets } = state;
  if (!type || fields.length === 0) return null;
  const errors = form.formState.errors.metadata;
  const errorOf = (key: string) => errors?.[key]?.message;
  return (
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
            error={errorOf(f.key)}
          />
        ) : f.key === 'googleProfileId' && type.googleProfiles ? (
          <GoogleProfileField
            key={f.key}
            field={f}
            connectorId={connectorId}
            connected={stored?.oauth.connected ?? false}
            value={values.metadata?.[f.key] ?? ''}
            error={errorOf(f.key)}
            onChange={(v) => state.setMetadata(f.key, v)}
          />
        ) : (
          <CredentialInput
            key={`${f.key}-${f.when ?? ''}`}
            state={state}
            field={f}
            isStored={storedSecrets.includes(f.key)}
            error={errorOf(f.key)}
            isChoice={f.key === type.choiceKey}
          />
        ),
      )}
    </>
  );
}

interface CredentialInputProps {
  state: ConnectorFormState;
  field: ResolvedField;
  isStored: boolean;
  /** The field's message, for the inputs the form kit does not bind (choice, key file). */
  error: string | undefined;
  isChoice: boolean;
}

const STORED_HINT = 'Stored. Leave blank to keep it, or enter a new value to replace it.';
const STORED_PLACEHOLDER = '•••••••• (stored)';

/** One credential field as its kind says (spec 01 §3.2): text, secret, number, choice, JSON file. */
function CredentialInput({ state, field, isStored, error, isChoice }: CredentialInputProps) {
  const { definition, key } = field;
  const { control } = state.form;
  const required = field.required === 'always' || (field.required === 'new' && !isStored);
  const storedHint = isStored ? STORED_HINT : undefined;
  const name = `metadata.${key}` as const;

  if (definition.kind === 'select' || isChoice) {
    const options = (definition.options ?? []).filter((o) => !o.flag || state.features.includes(o.flag));
    return (
      <Select
        label={definition.label}
        data={options.map((o) => ({ value: o.value, label: o.label }))}
        value={state.values.metadata?.[key] || null}
        onChange={(v) => v && state.chooseOption(v)}
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
      <KeyFileInput
        label={definition.label}
        required={required}
        isStored={isStored}
        error={error}
        onFile={(text) => state.setMetadata(key, text)}
      />
    );
  }
  if (definition.kind === 'textarea') {
    return (
      <FormTextarea
        control={control}
        name={name}
        label={definition.label}
        required={required}
        autosize
        minRows={3}
        maxRows={8}
        placeholder={isStored ? STORED_PLACEHOLDER : undefined}
        description={storedHint}
        styles={{ input: { fontFamily: 'monospace' } }}
        autoComplete="off"
      />
    );
  }
  if (definition.kind === 'secret')
    return (
      <SecretInput
        control={control}
        name={name}
        label={definition.label}
        required={required}
        isStored={isStored}
      />
    );
  return (
    <FormTextInput
      control={control}
      name={name}
      label={definition.label}
      required={required}
      description={definition.description}
      inputMode={definition.kind === 'number' ? 'numeric' : undefined}
    />
  );
}

/**
 * A secret credential (spec 01 §3.2, §4): a password input bound to the form like the kit's
 * inputs (the kit has none), "(stored)" as its placeholder when the account holds one, and a hint
 * that a blank keeps it.
 */
function SecretInput({
  control,
  name,
  label,
  required,
  isStored,
}: {
  control: CredentialInputProps['state']['form']['control'];
  name: `metadata.${string}`;
  label: string;
  required: boolean;
  isStored: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState }) => (
        <PasswordInput
          ref={input.ref}
          name={input.name}
          value={input.value ?? ''}
          onChange={(event) => input.onChange(event.currentTarget.value)}
          onBlur={input.onBlur}
          label={label}
          required={required}
          placeholder={isStored ? STORED_PLACEHOLDER : undefined}
          description={isStored ? STORED_HINT : undefined}
          error={fieldState.error?.message}
          autoComplete="new-password"
        />
      )}
    />
  );
}

/**
 * A JSON key file credential (spec 01 §3.2): "Choose key file" reads the file's text into the
 * field; the chosen file's name, or "Stored" for a stored key, shows beside the button.
 */
function KeyFileInput({
  label,
  required,
  isStored,
  error,
  onFile,
}: {
  label: string;
  required: boolean;
  isStored: boolean;
  error: string | undefined;
  onFile: (text: string) => void;
}) {
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
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
      {isStored && !fileName ? (
        <Text size="xs" c="dimmed">
          {STORED_HINT}
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
