import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { IdentityProvider, SsoEnforcement } from '@nomen/shared';
import { IconAlertCircle, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../ui/confirmAction';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import {
  useDeleteProvider,
  useSaveEnforcement,
  useSsoEnforcement,
  useSsoProviders,
  useStartTest,
  useTestResult,
} from '../api';
import { ProviderDrawer } from '../components/ProviderDrawer';

/** The outcome of a test sign-in, read while the popup is at the IdP. */
function TestResultModal({ testId, onClose }: { testId: string | null; onClose: () => void }) {
  const result = useTestResult(testId);
  const data = result.data;
  return (
    <Modal
      opened={testId !== null}
      onClose={onClose}
      title="Test sign-in"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {result.error ? (
        <QueryErrorAlert error={result.error} what="the test" onRetry={() => void result.refetch()} />
      ) : null}
      {!data || data.status === 'pending' ? (
        <Text size="sm" aria-live="polite">
          Sign in at your identity provider in the window that opened. The claims it sends will show here.
        </Text>
      ) : (
        <Stack gap="sm">
          <Alert
            color={data.status === 'ok' ? 'green' : 'red'}
            icon={data.status === 'ok' ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
            title={data.status === 'ok' ? 'The sign-in works' : 'The sign-in was refused'}
            role="status"
          >
            {data.message}
          </Alert>
          {Object.keys(data.claims).length > 0 ? (
            <>
              <Text size="sm" fw={500}>
                Claims received
              </Text>
              <ScrollArea.Autosize mah={320}>
                <Code block aria-label="Claims received">
                  {JSON.stringify(data.claims, null, 2)}
                </Code>
              </ScrollArea.Autosize>
            </>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}

/** Props of ProvidersCard. */
interface ProvidersCardProps {
  providers: IdentityProvider[];
  onEdit: (provider: IdentityProvider | null) => void;
  onTest: (provider: IdentityProvider) => void;
}

/** One provider's row: name, protocol, domains, state, and Test, Edit and Delete. */
function ProviderRow({
  provider: p,
  onEdit,
  onTest,
  onDelete,
}: {
  provider: IdentityProvider;
  onEdit: (provider: IdentityProvider) => void;
  onTest: (provider: IdentityProvider) => void;
  onDelete: (provider: IdentityProvider) => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>{p.name}</Table.Td>
      <Table.Td>{p.protocol === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'}</Table.Td>
      <Table.Td>{p.email_domains.join(', ') || '—'}</Table.Td>
      <Table.Td>
        <Badge color={p.enabled ? 'green' : 'gray'} variant="light">
          {p.enabled ? 'Enabled' : 'Off'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="compact-sm" variant="default" onClick={() => onTest(p)}>
            Test
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => onDelete(p)}
            aria-label={`Delete ${p.name}`}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The account's providers: name, protocol, domains, state and the row's actions; an empty state. */
function ProvidersCard({ providers, onEdit, onTest }: ProvidersCardProps) {
  const remove = useDeleteProvider();
  const askDelete = async (provider: IdentityProvider) => {
    const sure = await confirmAction({
      title: `Delete ${provider.name}?`,
      message: 'People stop signing in through it. Their Nomen users stay.',
      confirmLabel: 'Delete',
    });
    if (!sure) return;
    remove.mutate(provider.id, {
      onSuccess: () => notifySuccess(`${provider.name} deleted`),
      onError: (error) => notifyFailure(error, 'The identity provider failed to delete.'),
    });
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Identity providers
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onEdit(null)}>
          Add identity provider
        </Button>
      </Group>
      {providers.length === 0 ? (
        <Text c="dimmed" size="sm">
          No identity provider yet. Add your company’s OpenID Connect provider (Okta, Microsoft Entra ID,
          Google Workspace, Auth0, Keycloak) to let people sign in with it.
        </Text>
      ) : (
        <Table verticalSpacing="sm" aria-label="Identity providers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Protocol</Table.Th>
              <Table.Th>Email domains</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {providers.map((p) => (
              <ProviderRow key={p.id} provider={p} onEdit={onEdit} onTest={onTest} onDelete={askDelete} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** "Require SSO" with the break-glass admin the page names. */
function EnforcementCard({ enforcement }: { enforcement: SsoEnforcement }) {
  const save = useSaveEnforcement();
  const [required, setRequired] = useState(enforcement.require_sso);
  const [breakGlass, setBreakGlass] = useState<string | null>(
    enforcement.break_glass_user_id === null ? null : String(enforcement.break_glass_user_id),
  );
  const named = enforcement.candidates.find((c) => c.id === enforcement.break_glass_user_id);
  const isDirty =
    required !== enforcement.require_sso ||
    breakGlass !== (enforcement.break_glass_user_id?.toString() ?? null);
  const submit = () =>
    save.mutate(
      { require_sso: required, break_glass_user_id: breakGlass === null ? null : Number(breakGlass) },
      {
        onSuccess: () =>
          notifySuccess(required ? 'Single sign-on is now required' : 'Single sign-on settings saved'),
        onError: (error) => notifyFailure(error, 'The setting failed to save.'),
      },
    );
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Require SSO
      </Title>
      <Stack gap="md">
        <Switch
          label="Require single sign-on"
          description="Password sign-in is refused for everyone but the break-glass admin below."
          checked={required}
          onChange={(event) => setRequired(event.currentTarget.checked)}
        />
        <Select
          label="Break-glass admin"
          description="The one admin who may still sign in with a password, should the identity provider fail."
          placeholder="Choose an admin"
          data={enforcement.candidates.map((c) => ({ value: String(c.id), label: `${c.name} (${c.email})` }))}
          value={breakGlass}
          onChange={setBreakGlass}
          clearable
        />
        {enforcement.require_sso && named ? (
          <Alert color="blue" role="status">
            Single sign-on is required. Only {named.name} ({named.email}) can sign in with a password.
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={submit} disabled={!isDirty} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /admin/settings/sso, Settings → Single sign-on (README "Single sign-on"; super admin or
 * all_privileges): the account's identity providers with add, edit, delete (confirmed) and a test
 * sign-in in a popup that shows the claims received; "Require SSO" with its break-glass admin.
 */
export function SsoPage() {
  const providers = useSsoProviders();
  const enforcement = useSsoEnforcement();
  const startTest = useStartTest();
  const [editing, setEditing] = useState<{ provider: IdentityProvider | null } | null>(null);
  const [testId, setTestId] = useState<string | null>(null);

  const runTest = (provider: IdentityProvider) => {
    // Opened now, while the click still counts, so that popup blockers let it through.
    const popup = window.open('about:blank', 'nomen-sso-test', 'popup,width=520,height=700');
    startTest.mutate(provider.id, {
      onSuccess: ({ url, test_id }) => {
        setTestId(test_id);
        if (popup) popup.location.href = url;
        else window.open(url, 'nomen-sso-test', 'popup,width=520,height=700');
      },
      onError: (error) => {
        popup?.close();
        notifyFailure(error, 'The test could not start.');
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Single sign-on"
        description="Let people sign in through your company’s identity provider."
      />
      <Stack gap="lg" maw={960}>
        {providers.error ? (
          <QueryErrorAlert
            error={providers.error}
            what="identity providers"
            onRetry={() => void providers.refetch()}
          />
        ) : null}
        {providers.isPending ? <Skeleton height={160} radius="md" /> : null}
        {providers.data ? (
          <ProvidersCard
            providers={providers.data.data}
            onEdit={(provider) => setEditing({ provider })}
            onTest={runTest}
          />
        ) : null}
        {enforcement.error ? (
          <QueryErrorAlert
            error={enforcement.error}
            what="Require SSO"
            onRetry={() => void enforcement.refetch()}
          />
        ) : null}
        {enforcement.data ? (
          <EnforcementCard key={JSON.stringify(enforcement.data)} enforcement={enforcement.data} />
        ) : null}
      </Stack>
      {editing && providers.data ? (
        <ProviderDrawer
          opened
          provider={editing.provider}
          redirectUri={providers.data.oidc_redirect_uri}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <TestResultModal testId={testId} onClose={() => setTestId(null)} />
    </>
  );
}
