import { Badge, Group, Text } from '@mantine/core';
import type { ConnectorSummary } from '@nomen/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { countLabel } from '../../../ui/adminTableModel';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useConnectors, useDeleteConnectors } from '../api';
import { ConnectorDrawer } from '../components/ConnectorDrawer';
import { CONNECTOR_DELETE_FAILED, oauthReturnNotice } from '../connectorMessages';

const NOUN = { one: 'connected account', other: 'connected accounts' };

const columns: AdminTableColumn<ConnectorSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (c) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {c.name}
        </Text>
        {!c.connector_type.active ? (
          <Badge size="xs" color="gray" variant="light">
            Inactive type
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { key: 'type', header: 'Type', cell: (c) => c.type, width: 220 },
  {
    key: 'description',
    header: 'Description',
    cell: (c) => (
      <Text size="sm" lineClamp={2}>
        {c.description}
      </Text>
    ),
  },
  { key: 'updated_at', header: 'Updated', cell: (c) => <Timestamp value={c.updated_at} />, width: 160 },
];

const connectorId = (c: ConnectorSummary) => c.id;
const connectorName = (c: ConnectorSummary) => c.name;
const connectorSearchText = (c: ConnectorSummary) => c.name;

/**
 * /admin/accounts, "Connected accounts" (spec 01 §2.3): the table (name, type, description,
 * updated) with search by name, multi-select and bulk delete (confirmed; the server's message or
 * a default, §8), and the side drawer for add and edit. On return from a provider's sign-in it
 * shows oauth_success or the message parameter (or a default) and cleans the URL (§4).
 */
export function ConnectorsPage() {
  const connectors = useConnectors();
  const deleteConnectors = useDeleteConnectors();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState<{
    opened: boolean;
    connector: ConnectorSummary | null;
    session: number;
  }>({
    opened: false,
    connector: null,
    session: 0,
  });
  const openDrawer = (connector: ConnectorSummary | null) =>
    setDrawer((d) => ({ opened: true, connector, session: d.session + 1 }));

  // The return from a provider is shown once, even when effects run twice (React StrictMode).
  const shownReturn = useRef<string | null>(null);
  useEffect(() => {
    const notice = oauthReturnNotice(searchParams);
    if (!notice || shownReturn.current === searchParams.toString()) return;
    shownReturn.current = searchParams.toString();
    if (notice.ok) notifySuccess(notice.message);
    else notifyError(notice.message);
    void navigate('/admin/accounts', { replace: true });
  }, [searchParams, navigate]);

  const onDelete = async (rows: ConnectorSummary[]) => {
    try {
      const result = await deleteConnectors.mutateAsync(rows.map(connectorId));
      notifySuccess(result.message || `${countLabel(rows.length, NOUN)} deleted`);
      return true;
    } catch (error) {
      notifyError(errorMessage(error, CONNECTOR_DELETE_FAILED));
      return false;
    }
  };

  return (
    <>
      <PageHeader
        title="Connected accounts"
        description="Accounts at the platforms your templates read from and send to. Secrets are stored encrypted and never shown again."
      />
      <AdminTable
        label="Connected accounts"
        noun={NOUN}
        rows={connectors.data?.data}
        isLoading={connectors.isPending}
        error={connectors.error}
        onRetry={() => void connectors.refetch()}
        columns={columns}
        rowId={connectorId}
        rowName={connectorName}
        searchText={connectorSearchText}
        onAdd={() => openDrawer(null)}
        addLabel="Add account"
        onEdit={openDrawer}
        onDelete={onDelete}
        emptyDescription="Connect an account to send template data to storage, ad, analytics and link platforms."
      />
      <ConnectorDrawer
        key={drawer.session}
        opened={drawer.opened}
        connector={drawer.connector}
        onClose={() => setDrawer((d) => ({ ...d, opened: false }))}
      />
    </>
  );
}
