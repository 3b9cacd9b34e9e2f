import { Badge, Group, Text } from '@mantine/core';
import { canResendActivation, type User } from '@nomen/shared';
import { IconKey, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { countLabel } from '../../../ui/adminTableModel';
import { confirmAction } from '../../../ui/confirmAction';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { ToolbarIconButton } from '../../../ui/ToolbarIconButton';
import { useSignedIn } from '../../auth/api';
import { useDeleteUsers, useForcePasswordReset, useResendActivation, useUsers } from '../api';
import { UserDrawer } from '../components/UserDrawer';
import { ROLE_LABELS } from '../userForm';
import { changeBlockedReason, deleteBlockedReason, type Viewer, viewerOf } from '../userRights';

const NOUN = { one: 'user', other: 'users' };

const columns: AdminTableColumn<User>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (u) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {u.name}
        </Text>
        {u.disabled ? (
          <Badge size="sm" color="gray" variant="light">
            Disabled
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { key: 'email', header: 'Email', cell: (u) => u.email },
  { key: 'role', header: 'Role', cell: (u) => ROLE_LABELS[u.role], sortValue: (u) => ROLE_LABELS[u.role] },
  { key: 'title', header: 'Title', cell: (u) => u.title },
  { key: 'location', header: 'Location', cell: (u) => u.location },
  {
    key: 'last_login',
    header: 'Last login',
    cell: (u) =>
      u.last_login ? (
        <Timestamp value={u.last_login} />
      ) : (
        <Text size="sm" c="dimmed">
          Never
        </Text>
      ),
  },
];

const userId = (u: User) => u.id;
const userName = (u: User) => u.name;
const userSearchText = (u: User) => `${u.name} ${u.email} ${u.title} ${u.location} ${ROLE_LABELS[u.role]}`;

/**
 * The users screen's actions on selected users (spec 01 §2.6): delete (answers whether it worked,
 * for the table), force a password reset after a confirmation, and resend activation links;
 * each toasts its outcome.
 */
function useUserActions() {
  const deleteUsers = useDeleteUsers();
  const forceReset = useForcePasswordReset();
  const resend = useResendActivation();

  const onDelete = async (rows: User[]) => {
    try {
      await deleteUsers.mutateAsync(rows.map(userId));
      notifySuccess(`${countLabel(rows.length, NOUN)} deleted`);
      return true;
    } catch (error) {
      notifyFailure(error, rows.length === 1 ? 'User failed to delete' : 'Users failed to delete');
      return false;
    }
  };

  const onForceReset = async (rows: User[]) => {
    const confirmed = await confirmAction({
      title: `Force a password reset for ${countLabel(rows.length, NOUN)}?`,
      message:
        'Their current passwords stop working, they are signed out everywhere, and each gets an email with a link to choose a new password.',
      confirmLabel: 'Force reset',
    });
    if (!confirmed) return;
    forceReset.mutate(rows.map(userId), {
      onSuccess: () => notifySuccess('Password reset sent'),
      onError: (error) => notifyFailure(error, 'Password reset failed. Please try again.'),
    });
  };

  const onResend = (rows: User[]) =>
    resend.mutate(rows.map(userId), {
      onSuccess: () => notifySuccess(rows.length === 1 ? 'Activation link sent' : 'Activation links sent'),
      onError: (error) => notifyFailure(error, 'Activation links failed to send. Please try again.'),
    });

  return { onDelete, onForceReset, onResend, isResending: resend.isPending };
}

/** Props of {@link UserBulkActions}. */
interface UserBulkActionsProps {
  selected: User[];
  viewer: Viewer;
  onForceReset: (rows: User[]) => void;
  onResend: (rows: User[]) => void;
  isResending: boolean;
}

/**
 * The toolbar buttons for selected users (spec 01 §2.6): "Force password reset" and "Resend
 * activation link" (only when every selected user never signed in), disabled with the reason as
 * their tooltip; nobody but the super admin changes the super admin.
 */
function UserBulkActions({ selected, viewer, onForceReset, onResend, isResending }: UserBulkActionsProps) {
  const changeBlocked = changeBlockedReason(selected, viewer);
  return (
    <>
      <ToolbarIconButton
        label="Force password reset"
        icon={<IconKey size={18} aria-hidden />}
        isDisabled={selected.length === 0 || changeBlocked !== null}
        disabledReason={changeBlocked ?? 'Select users to force a password reset'}
        onClick={() => onForceReset(selected)}
      />
      <ToolbarIconButton
        label="Resend activation link"
        icon={<IconMailForward size={18} aria-hidden />}
        isDisabled={!canResendActivation(selected) || changeBlocked !== null || isResending}
        disabledReason={
          changeBlocked ??
          (selected.length === 0
            ? 'Select users who have never signed in to resend their activation links'
            : 'Activation links can only be resent when every selected user has never signed in')
        }
        onClick={() => onResend(selected)}
      />
    </>
  );
}

/**
 * /admin/users (spec 01 §2.6): the users table with search, multi-select, bulk delete, force
 * password reset and resend activation (active only when every selected user never signed in),
 * and the user drawer for add and edit. Delete is disabled for oneself and the super admin, and
 * actions that change the super admin for everyone else, each with the reason as its tooltip.
 */
export function UsersPage() {
  const viewer = viewerOf(useSignedIn());
  const users = useUsers();
  const { onDelete, onForceReset, onResend, isResending } = useUserActions();
  const [drawer, setDrawer] = useState<{ opened: boolean; user: User | null; session: number }>({
    opened: false,
    user: null,
    session: 0,
  });

  const openDrawer = (user: User | null) =>
    setDrawer((d) => ({ opened: true, user, session: d.session + 1 }));
  const closeDrawer = () => setDrawer((d) => ({ ...d, opened: false }));

  return (
    <>
      <PageHeader
        title="Users"
        description="People who can sign in to your account, their roles and permissions."
      />
      <AdminTable
        label="Users"
        noun={NOUN}
        rows={users.data?.data}
        isLoading={users.isPending}
        error={users.error}
        onRetry={() => void users.refetch()}
        columns={columns}
        rowId={userId}
        rowName={userName}
        searchText={userSearchText}
        onAdd={() => openDrawer(null)}
        addLabel="Add user"
        onEdit={openDrawer}
        onDelete={onDelete}
        deleteBlockedReason={(selected) => deleteBlockedReason(selected, viewer)}
        emptyDescription="Add the people who should work in Nomen; each gets an activation link by email."
        actions={(selected) => (
          <UserBulkActions
            selected={selected}
            viewer={viewer}
            onForceReset={(rows) => void onForceReset(rows)}
            onResend={onResend}
            isResending={isResending}
          />
        )}
      />
      <UserDrawer key={drawer.session} opened={drawer.opened} user={drawer.user} onClose={closeDrawer} />
    </>
  );
}
