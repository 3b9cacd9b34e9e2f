import { Alert, Button, Code, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ConnectorMetadataView, ConnectorTypeDefinition } from '@nomen/shared';
import { IconAlertCircle, IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { Timestamp } from '../../../ui/Timestamp';
import { type ConnectionTestTarget, useAcceptHostKey, useTestConnection } from '../api';
import { offeredHostKey } from '../connectorMessages';

/** Props of ConnectionSection. */
export interface ConnectionSectionProps {
  /** The saved account's id; null for a new account. */
  connectorId: number | null;
  type: ConnectorTypeDefinition | undefined;
  stored: ConnectorMetadataView | null;
  /** Unsaved changes: the test sends what is typed instead of testing the saved account. */
  isDirty: boolean;
  /** The drawer's values as the test of unsaved values sends them. */
  draft: () => Exclude<ConnectionTestTarget, number>;
  /** Why the typed values cannot be tested yet ("Password: Required"), or null. */
  blockedReason: string | null;
}

/**
 * The "Connection" part of the drawer (spec 01 §4): the "Test connection" button with its answer
 * beside it, and for saved SFTP accounts the pinned host key (README "Security"). A saved account
 * without changes is tested as saved (its first SFTP test pins the host key); a new account or
 * unsaved changes test what is typed, stored nowhere and pinning nothing. The button is disabled,
 * with the reason, while a credential the test needs is missing or invalid.
 */
export function ConnectionSection({
  connectorId,
  type,
  stored,
  isDirty,
  draft,
  blockedReason,
}: ConnectionSectionProps) {
  const test = useTestConnection();
  const testsSaved = connectorId !== null && !isDirty;
  const blocked = testsSaved ? null : blockedReason;
  return (
    <>
      <Divider label="Connection" labelPosition="left" />
      <Group align="flex-start" wrap="nowrap">
        <Tooltip label={blocked ?? ''} disabled={!blocked}>
          <span>
            <Button
              variant="default"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              loading={test.isPending}
              disabled={blocked !== null}
              aria-description={blocked ?? undefined}
              onClick={() => test.mutate(testsSaved ? connectorId : draft())}
            >
              Test connection
            </Button>
          </span>
        </Tooltip>
        <TestConnectionResult test={test} />
      </Group>
      {connectorId !== null && type?.family === 'sftp' ? (
        <HostKeySection
          connectorId={connectorId}
          hostKey={stored?.host_key ?? null}
          offered={offeredHostKey(test.data?.message)}
        />
      ) : null}
    </>
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

/** The OAuth state of an account and its sign-in button (spec 01 §4). */
export function OAuthSection({
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
