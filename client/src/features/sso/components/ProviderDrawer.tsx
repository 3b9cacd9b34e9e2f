import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DEFAULT_OIDC_SCOPES,
  type IdentityProvider,
  type IdentityProviderSave,
  identityProviderSaveSchema,
  type oidcProviderSaveSchema,
  ROLES,
  type Role,
  type SsoProtocol,
  type samlSaveSchema,
} from '@nomen/shared';
import { IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type FieldValues, type UseFormReturn, useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { FormDrawer } from '../../../ui/FormDrawer';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { FormSelect } from '../../../ui/form/FormSelect';
import { FormSwitch } from '../../../ui/form/FormSwitch';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { useGroups } from '../../groups/api';
import { useSaveProvider } from '../api';

// The inputs that show the server's problems; others go to the toast.
const FORM_FIELDS = [
  'name',
  'email_domains',
  'default_role',
  'oidc.issuer',
  'oidc.client_id',
  'oidc.client_secret',
  'oidc.scopes',
  'saml.metadata_url',
  'saml.metadata_xml',
  'saml.idp_entity_id',
  'saml.sso_url',
  'saml.certificates',
] as const;

/**
 * The drawer's values: the shared settings and both protocols' blocks, so switching the protocol
 * keeps what was typed; the contract's union checks the chosen protocol's block only.
 */
type Values = Omit<z.input<typeof oidcProviderSaveSchema>, 'protocol'> & {
  protocol: SsoProtocol;
  saml: z.input<typeof samlSaveSchema>;
};

type Form = UseFormReturn<Values, unknown, z.output<typeof identityProviderSaveSchema>>;

/** Props of ProviderDrawer. */
export interface ProviderDrawerProps {
  opened: boolean;
  /** The provider to edit, or null to add one. */
  provider: IdentityProvider | null;
  /** The URI to register at the OpenID provider, shown for copying. */
  redirectUri: string;
  onClose: () => void;
}

function defaults(provider: IdentityProvider | null): Values {
  return {
    name: provider?.name ?? '',
    protocol: provider?.protocol ?? 'oidc',
    enabled: provider?.enabled ?? true,
    email_domains: provider?.email_domains ?? [],
    jit_enabled: provider?.jit_enabled ?? false,
    default_role: provider?.default_role ?? 'USER',
    mapping_rules: provider?.mapping_rules ?? [],
    bound_session_to_idp: provider?.bound_session_to_idp ?? false,
    oidc: {
      issuer: provider?.oidc?.issuer ?? '',
      client_id: provider?.oidc?.client_id ?? '',
      client_secret: '',
      scopes: provider?.oidc?.scopes ?? DEFAULT_OIDC_SCOPES,
    },
    saml: {
      metadata_url: provider?.saml?.metadata_url ?? '',
      metadata_xml: '',
      idp_entity_id: provider?.saml?.idp_entity_id ?? '',
      sso_url: provider?.saml?.sso_url ?? '',
      certificates: provider?.saml?.certificates ?? [],
      want_assertions_signed: provider?.saml?.want_assertions_signed ?? true,
    },
    updated_at: provider?.updated_at ?? null,
  };
}

/** The target select's value of a rule: `role:ADMIN`, `group:12`, or none yet. */
function targetOf(rule: { role?: Role | null; group_id?: number | null } | undefined): string | null {
  if (rule?.role) return `role:${rule.role}`;
  return rule?.group_id ? `group:${rule.group_id}` : null;
}

/**
 * The mapping rules: each says "when claim X holds value Y, give role R" or "… add to group G",
 * re-applied at every sign-in (README "Single sign-on").
 */
function MappingRules({ form }: { form: Form }) {
  const rules = useFieldArray({ control: form.control, name: 'mapping_rules' });
  const groups = useGroups();
  const targets = [
    ...ROLES.map((role) => ({ value: `role:${role}`, label: `Role ${role}` })),
    ...(groups.data?.data ?? []).map((g) => ({ value: `group:${g.id}`, label: `Group ${g.name}` })),
  ];
  const errors = form.formState.errors.mapping_rules;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Role and group mapping
      </Text>
      <Text size="xs" c="dimmed">
        Applied again at every sign-in. People whom no role rule matches get the default role; groups named
        here are added or removed to match the IdP, other groups are left alone.
      </Text>
      {rules.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No rules: everyone gets the default role.
        </Text>
      ) : null}
      {rules.fields.map((rule, index) => (
        <Group key={rule.id} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={`Claim of rule ${index + 1}`}
            placeholder="groups"
            w={110}
            error={errors?.[index]?.claim?.message}
            {...form.register(`mapping_rules.${index}.claim`)}
          />
          <TextInput
            aria-label={`Value of rule ${index + 1}`}
            placeholder="nomen-admins"
            style={{ flex: 1 }}
            error={errors?.[index]?.value?.message}
            {...form.register(`mapping_rules.${index}.value`)}
          />
          <Select
            aria-label={`What rule ${index + 1} gives`}
            w={150}
            data={targets}
            value={targetOf(form.watch(`mapping_rules.${index}`))}
            onChange={(choice) => {
              const [kind, id] = (choice ?? '').split(':');
              const dirty = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
              form.setValue(`mapping_rules.${index}.role`, kind === 'role' ? (id as Role) : null, dirty);
              form.setValue(`mapping_rules.${index}.group_id`, kind === 'group' ? Number(id) : null, dirty);
            }}
            error={errors?.[index]?.role?.message ?? errors?.[index]?.group_id?.message}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove rule ${index + 1}`}
            onClick={() => rules.remove(index)}
            mt={4}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => rules.append({ claim: 'groups', value: '', role: null, group_id: null })}
        style={{ alignSelf: 'flex-start' }}
      >
        Add rule
      </Button>
    </Stack>
  );
}

/**
 * The OpenID Connect part of the drawer: the redirect URI to register, issuer, client id, the
 * client secret (never shown again; blank keeps the stored one) and scopes.
 */
function OidcFields({
  form,
  provider,
  redirectUri,
}: {
  form: Form;
  provider: IdentityProvider | null;
  redirectUri: string;
}) {
  return (
    <>
      <Divider label="OpenID Connect" labelPosition="left" />
      <TextInput
        label="Redirect URI"
        description="Register this at your identity provider."
        value={redirectUri}
        readOnly
      />
      <FormTextInput
        control={form.control}
        name="oidc.issuer"
        label="Issuer URL"
        placeholder="https://acme.okta.com"
        required
      />
      <FormTextInput control={form.control} name="oidc.client_id" label="Client ID" required />
      <Controller
        control={form.control}
        name="oidc.client_secret"
        render={({ field, fieldState }) => (
          <PasswordInput
            label="Client secret"
            required={!provider}
            placeholder={provider?.oidc?.client_secret_set ? 'Stored — leave blank to keep it' : undefined}
            autoComplete="new-password"
            value={field.value ?? ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormTextInput
        control={form.control}
        name="oidc.scopes"
        label="Scopes"
        description="openid is always asked for. Add groups (or your IdP’s scope) to receive group claims."
      />
    </>
  );
}

/**
 * The SAML 2.0 part of the drawer: Nomen's values for the IdP (SP entity id, ACS URL, the SP
 * metadata to download; once the provider is saved, as they name it), then the IdP's side — its
 * metadata URL (read again at each save) or XML, or its entity id, single sign-on URL and
 * signing certificate typed in — and whether the assertion itself must be signed.
 */
function SamlFields({ form, provider }: { form: Form; provider: IdentityProvider | null }) {
  const sp = provider?.saml;
  return (
    <>
      <Divider label="SAML 2.0" labelPosition="left" />
      {sp ? (
        <>
          <TextInput label="SP entity ID (Audience URI)" value={sp.sp_entity_id} readOnly />
          <TextInput label="ACS URL (Single sign-on URL)" value={sp.acs_url} readOnly />
          <Anchor href={sp.sp_metadata_url} download="nomen-sp-metadata.xml" size="sm">
            <Group gap={4}>
              <IconDownload size={14} aria-hidden />
              Download SP metadata
            </Group>
          </Anchor>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Nomen’s SP entity ID, ACS URL and SP metadata are shown here once the provider is saved.
        </Text>
      )}
      <FormTextInput
        control={form.control}
        name="saml.metadata_url"
        label="IdP metadata URL"
        description="Read again at every save. Or paste the metadata XML, or type the values below."
        placeholder="https://acme.okta.com/app/…/sso/saml/metadata"
      />
      <FormTextarea
        control={form.control}
        name="saml.metadata_xml"
        label="IdP metadata XML"
        autosize
        minRows={2}
        maxRows={6}
      />
      <FormTextInput control={form.control} name="saml.idp_entity_id" label="IdP entity ID (Issuer)" />
      <FormTextInput control={form.control} name="saml.sso_url" label="IdP single sign-on URL" />
      <Controller
        control={form.control}
        name="saml.certificates"
        render={({ field, fieldState }) => (
          <Textarea
            label="IdP signing certificate"
            description="PEM or base64. Read from the metadata when it is given."
            autosize
            minRows={2}
            maxRows={6}
            value={(field.value ?? [])[0] ?? ''}
            onChange={(event) =>
              field.onChange(event.currentTarget.value.trim() ? [event.currentTarget.value] : [])
            }
            error={fieldState.error?.message ?? form.formState.errors.saml?.certificates?.[0]?.message}
          />
        )}
      />
      <FormSwitch
        control={form.control}
        name="saml.want_assertions_signed"
        label="The assertion itself must be signed"
        description="Off, a signed Response that covers the assertion is accepted instead."
      />
    </>
  );
}

/**
 * Who gets in and as what: just-in-time creation, the default role, the mapping rules and
 * whether the IdP bounds sessions.
 */
function AccessFields({ form }: { form: Form }) {
  return (
    <>
      <Divider label="Who gets in and as what" labelPosition="left" />
      <FormSwitch
        control={form.control}
        name="jit_enabled"
        label="Create users on first sign-in"
        description="Off, only people who already have a Nomen user can sign in."
      />
      <FormSelect
        control={form.control}
        name="default_role"
        label="Default role"
        data={[...ROLES]}
        allowDeselect={false}
      />
      <MappingRules form={form} />
      <FormSwitch
        control={form.control}
        name="bound_session_to_idp"
        label="End Nomen sessions when the IdP’s sign-in expires"
        description="Sessions last no longer than the IdP says (the ID token’s expiry, or SAML’s SessionNotOnOrAfter); people then sign in through the IdP again."
      />
    </>
  );
}

/**
 * The identity provider drawer of Settings → Single sign-on (README "Single sign-on"): name, on or
 * off, the email domains that route to it, the protocol — OpenID Connect issuer, client id and
 * secret (stored encrypted; never shown again, left blank to keep) and scopes, or SAML's IdP
 * metadata and Nomen's SP values — just-in-time creation, the default
 * role, the mapping rules and whether the IdP bounds sessions.
 */
export function ProviderDrawer({ opened, provider, redirectUri, onClose }: ProviderDrawerProps) {
  const save = useSaveProvider();
  const form = useContractForm<z.output<typeof identityProviderSaveSchema>, FieldValues, Values>(
    identityProviderSaveSchema,
    { defaultValues: defaults(provider) },
  );
  const protocol = form.watch('protocol');
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: provider?.id ?? null, body: values as IdentityProviderSave },
      {
        onSuccess: () => {
          notifySuccess(provider ? 'Identity provider saved' : 'Identity provider added');
          onClose();
        },
        onError: (error) => {
          if (
            applyServerIssues(form, error, { fields: FORM_FIELDS, nested: ['mapping_rules'] }).placed.length >
            0
          )
            return;
          notifyFailure(error, 'The identity provider failed to save. Please try again.');
        },
      },
    ),
  );
  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={provider ? provider.name : 'Add identity provider'}
      onSubmit={submit}
      isSubmitting={save.isPending}
    >
      <FormTextInput
        control={form.control}
        name="name"
        label="Name"
        description="Shown on the sign-in page: “Continue with …”"
        required
      />
      <FormSwitch control={form.control} name="enabled" label="Enabled" />
      <Controller
        control={form.control}
        name="email_domains"
        render={({ field, fieldState }) => (
          <TagsInput
            label="Email domains"
            description="People typing an email of these domains on the sign-in page are sent here. Press Enter after each."
            placeholder="acme.com"
            value={field.value ?? []}
            onChange={(domains) => field.onChange(domains.map((d) => d.trim().toLowerCase()))}
            error={fieldState.error?.message}
          />
        )}
      />
      <SegmentedControl
        aria-label="Protocol"
        data={[
          { value: 'oidc', label: 'OpenID Connect' },
          { value: 'saml', label: 'SAML 2.0' },
        ]}
        value={protocol}
        onChange={(value) => form.setValue('protocol', value as SsoProtocol, { shouldDirty: true })}
      />
      {protocol === 'saml' ? (
        <SamlFields form={form} provider={provider} />
      ) : (
        <OidcFields form={form} provider={provider} redirectUri={redirectUri} />
      )}
      <AccessFields form={form} />
    </FormDrawer>
  );
}
