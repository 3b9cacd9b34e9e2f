import { Badge, Button, Code, Text } from '@mantine/core';
import { type ApiToken, type ApiTokenState, formatTokenExpiry } from '@nomen/shared';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { countLabel } from '../../../ui/adminTableModel';
import { confirmAction } from '../../../ui/confirmAction';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useApiTokens, useRevokeApiTokens } from '../api';
import { CreateTokenModal } from '../components/CreateTokenModal';

const NOUN = { one: 'token', other: 'tokens' };
const STATE_COLOURS: Record<ApiTokenState, string> = { active: 'green', expired: 'gray', revoked: 'red' };
const STATE_LABELS: Record<ApiTokenState, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

const columns: AdminTableColumn<ApiToken>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (t) => (
      <Text size="sm" fw={500}>
        {t.name}
      </Text>
    ),
  },
  { key: 'hint', header: 'Token', cell: (t) => <Code>{t.hint}</Code>, width: 170 },
  {
    key: 'state',
    header: 'Status',
    cell: (t) => (
      <Badge variant="light" color={STATE_COLOURS[t.state]}>
        {STATE_LABELS[t.state]}
      </Badge>
    ),
    width: 110,
  },
  { key: 'created_at', header: 'Created', cell: (t) => <Timestamp value={t.created_at} />, width: 160 },
  {
    key: 'last_used_at',
    header: 'Last used',
    cell: (t) => (t.last_used_at ? <Timestamp value={t.last_used_at} /> : <Text size="sm">Never</Text>),
    sortValue: (t) => t.last_used_at ?? '',
    width: 160,
  },
  {
    key: 'expires_at',
    header: 'Expires',
    cell: (t) => <Text size="sm">{formatTokenExpiry(t)}</Text>,
    sortValue: (t) => t.expires_at ?? '9999',
    width: 140,
  },
];

const tokenId = (t: ApiToken) => t.id;
const tokenName = (t: ApiToken) => t.name;
const tokenSearchText = (t: ApiToken) => `${t.name} ${t.hint} ${t.state}`;

/**
 * /admin/api-tokens (issue 11 item 10), reached from the user menu by everyone signed in: the
 * person's own personal API tokens (name, first characters, status, created, last used,
 * expiry) in the admin table, "New token" (name and lifetime, then the secret shown once with
 * copy) and "Revoke" for the selected active tokens after a confirmation.
 */
export function ApiTokensPage() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiTokens();
  const [creating, setCreating] = useState({ opened: false, session: 0 });

  const onRevoke = async (rows: ApiToken[]) => {
    const live = rows.filter((t) => t.state !== 'revoked');
    const confirmed = await confirmAction({
      title: live.length === 1 ? `Revoke “${live[0]!.name}”?` : `Revoke ${countLabel(live.length, NOUN)}?`,
      message:
        'Scripts and systems using it stop working at once. This cannot be undone; make a new token to give access again.',
      confirmLabel: 'Revoke',
    });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(live.map(tokenId));
      notifySuccess(live.length === 1 ? 'Token revoked' : `${countLabel(live.length, NOUN)} revoked`);
    } catch (error) {
      notifyError(errorMessage(error, 'The token could not be revoked'));
    }
  };

  return (
    <>
      <PageHeader
        title="API tokens"
        description="Personal tokens let scripts and other systems use the Nomen API as you, with your rights. See the API reference at /api/docs."
      />
      <AdminTable
        label="API tokens"
        noun={NOUN}
        rows={tokens.data?.data}
        isLoading={tokens.isPending}
        error={tokens.error}
        onRetry={() => void tokens.refetch()}
        columns={columns}
        rowId={tokenId}
        rowName={tokenName}
        searchText={tokenSearchText}
        onAdd={() => setCreating((c) => ({ opened: true, session: c.session + 1 }))}
        addLabel="New token"
        actions={(selected) => {
          const live = selected.filter((t) => t.state !== 'revoked');
          return live.length > 0 ? (
            <Button
              color="red"
              variant="light"
              size="sm"
              leftSection={<IconBan size={16} aria-hidden />}
              loading={revoke.isPending}
              onClick={() => void onRevoke(live)}
            >
              Revoke
            </Button>
          ) : null;
        }}
        emptyDescription="Make a token for each script or system that uses the API, so each can be revoked on its own."
      />
      <CreateTokenModal
        key={creating.session}
        opened={creating.opened}
        onClose={() => setCreating((c) => ({ ...c, opened: false }))}
      />
    </>
  );
}
