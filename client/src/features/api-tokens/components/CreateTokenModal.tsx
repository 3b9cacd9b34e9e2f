import { Alert, Button, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { API_TOKEN_EXPIRY_CHOICES, AppError, expiryChoiceLabel } from '@nomen/shared';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage, issuesByField } from '../../../api/errors';
import { notifyError } from '../../../ui/notify';
import { useCreateApiToken } from '../api';

/** Props of CreateTokenModal. */
export interface CreateTokenModalProps {
  opened: boolean;
  onClose: () => void;
}

const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_CHOICES.map((days) => ({
  value: days === null ? 'never' : String(days),
  label: expiryChoiceLabel(days),
}));

/**
 * The new token's secret, shown this once: the warning that it cannot be
 * shown again, the secret, "Copy token" and "Done".
 */
function NewTokenSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title="Shown only this once">
        Copy the token now and keep it somewhere safe. Nomen stores only a fingerprint of it and cannot show
        it again.
      </Alert>
      <Code block data-testid="new-token-secret" style={{ wordBreak: 'break-all' }}>
        {secret}
      </Code>
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              color={copied ? 'teal' : undefined}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The "New API token" form's state: the name and lifetime typed, the server's problems by field,
 * the secret once made, and `submit`, which asks for the name, then makes the token.
 */
function useNewTokenForm() {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('30');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setIssues({ name: 'Required' });
      return;
    }
    create.mutate(
      { name: name.trim(), expires_in_days: expiry === 'never' ? null : Number(expiry) },
      {
        onSuccess: (answer) => {
          setIssues({});
          setSecret(answer.secret);
        },
        onError: (error) => {
          const byField = error instanceof AppError ? issuesByField(error.issues) : {};
          if (Object.keys(byField).length > 0) setIssues(byField);
          else notifyError(errorMessage(error, 'The token could not be made'));
        },
      },
    );
  };
  return { name, setName, expiry, setExpiry, issues, secret, submit, isCreating: create.isPending };
}

/**
 * The "New API token" dialog: a name and a lifetime (30 days unless changed),
 * then the secret, shown this once with a copy button and the warning that it cannot be shown
 * again. Problems the server finds with the name show on it.
 */
export function CreateTokenModal({ opened, onClose }: CreateTokenModalProps) {
  const { name, setName, expiry, setExpiry, issues, secret, submit, isCreating } = useNewTokenForm();

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={secret ? 'Copy your new token' : 'New API token'}
      centered
      closeOnClickOutside={secret === null}
    >
      {secret ? (
        <NewTokenSecret secret={secret} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              A token acts as you, with your rights, from scripts and other systems: send it as{' '}
              <Code>Authorization: Bearer &lt;token&gt;</Code>.
            </Text>
            <TextInput
              label="Name"
              description="What uses it, so you can tell tokens apart"
              placeholder="Nightly campaign import"
              required
              maxLength={100}
              data-autofocus
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={issues.name}
            />
            <Select
              label="Expires"
              data={EXPIRY_OPTIONS}
              value={expiry}
              onChange={(value) => setExpiry(value ?? '30')}
              allowDeselect={false}
              error={issues.expires_in_days}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={isCreating}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
