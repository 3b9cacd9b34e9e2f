import {
  Alert,
  Badge,
  Checkbox,
  Fieldset,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { hasPermission, type Permission, type Role, type User, userSaveSchema } from '@nomen/shared';
import { IconLock } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { FormDrawer } from '../../../ui/FormDrawer';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { useSignedIn } from '../../auth/api';
import { useGroupChoices, usePermissionOptions, useReloadUsers, useSaveUser } from '../api';
import { keepGrantable, roleOptions, userFormDefaults } from '../userForm';
import { readOnlyReason, roleLockReason, USER_RIGHTS_REASONS, viewerOf } from '../userRights';
import {
  type PermissionChoice,
  permissionChoices,
  permissionsDescription,
  shownPermissions,
  storedPermissions,
} from './permissionChoices';

// The inputs that show the server's problems; others (the id, updated_at) go to the toast.
const FORM_FIELDS = ['name', 'email', 'title', 'role', 'permissions', 'group_ids', 'location'] as const;

/** Props of UserDrawer. */
export interface UserDrawerProps {
  opened: boolean;
  /** The user to edit, or null to add one. */
  user: User | null;
  onClose: () => void;
}

/** Props of {@link PermissionChecks}. */
interface PermissionChecksProps {
  /** The permissions stored in the form. */
  stored: Permission[];
  /** The edited user is a super admin who is an admin, so always approves suggestions. */
  isSuperAdminApprover: boolean;
  /** Called with the permissions to store after a change. */
  onChange: (next: Permission[]) => void;
  /** The field's error, if any. */
  error: string | undefined;
  /** The offered permissions, each with why it is locked. */
  choices: PermissionChoice[];
  /** The description under the label, from {@link permissionsDescription}. */
  description: string;
  isReadOnly: boolean;
  /** The role's permissions are still loading. */
  isLoading: boolean;
  /** The role offers no permissions. */
  isEmpty: boolean;
}

/**
 * The user drawer's "Permissions" checkboxes (spec 01 §2.6, §7): one per permission of the role,
 * a locked one disabled with its reason as a tooltip (or, for the account owner's approval, as its
 * description).
 */
function PermissionChecks({
  stored,
  isSuperAdminApprover,
  onChange,
  error,
  choices,
  description,
  isReadOnly,
  isLoading,
  isEmpty,
}: PermissionChecksProps) {
  return (
    <Checkbox.Group
      label="Permissions"
      description={description}
      value={shownPermissions(stored, isSuperAdminApprover)}
      onChange={(next) => onChange(storedPermissions(next as Permission[], stored, isSuperAdminApprover))}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {isLoading ? <Loader size="xs" aria-label="Loading permissions" /> : null}
        {isEmpty ? (
          <Text size="sm" c="dimmed">
            No extra permissions for this role.
          </Text>
        ) : null}
        {choices.map((option) => (
          <Tooltip
            key={option.slug}
            label={option.reason}
            disabled={isReadOnly || option.reason === null || option.isOwnerApproval}
            position="top-start"
            withArrow
          >
            {/* A disabled input gets no pointer events, so the tooltip hangs on its row. */}
            <div data-testid={`permission-${option.slug}`}>
              <Checkbox
                value={option.slug}
                label={option.name}
                disabled={isReadOnly || option.reason !== null}
                description={option.isOwnerApproval ? option.reason : undefined}
              />
            </div>
          </Tooltip>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * The user drawer's form (spec 01 §2.6): the contract form over `user` (a new one when null), the
 * watched role, a role change that keeps only the permissions the new role grants, and the submit
 * that saves, toasts and closes; server field errors go on their field, other failures close the
 * drawer with a toast (§8), a stale write with a "Reload" action.
 */
function useUserDrawerForm(user: User | null, onClose: () => void) {
  const me = useSignedIn();
  const form = useContractForm(userSaveSchema, { defaultValues: userFormDefaults(user) });
  const role = form.watch('role') as Role;
  const save = useSaveUser();
  const reloadUsers = useReloadUsers();

  const onRoleChange = (next: string | null) => {
    if (!next) return;
    const nextRole = next as Role;
    form.setValue('role', nextRole, { shouldDirty: true, shouldValidate: true });
    form.setValue('permissions', keepGrantable(form.getValues('permissions') ?? [], nextRole, me.features), {
      shouldDirty: true,
    });
  };

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(user ? 'User saved' : `User added. An activation link was emailed to ${values.email}.`);
        onClose();
      },
      onError: (error) => {
        if (applyServerIssues(form, error, { fields: FORM_FIELDS }).placed.length > 0) return;
        notifyFailure(error, 'User failed to save. Please try again.', reloadUsers);
        onClose();
      },
    }),
  );
  return { form, role, onRoleChange, submit, isSaving: save.isPending };
}

/** The control of the user drawer's form. */
type UserFormControl = ReturnType<typeof useUserDrawerForm>['form']['control'];

/** Props of {@link RoleField}. */
interface RoleFieldProps {
  control: UserFormControl;
  /** The roles offered, from {@link roleOptions}. */
  options: ReturnType<typeof roleOptions>;
  /** Sets the role and keeps only the permissions it grants. */
  onRoleChange: (next: string | null) => void;
  isReadOnly: boolean;
  /** Why the role cannot be changed (one's own), or null. */
  roleLock: string | null;
}

/** The user drawer's "Role" select (spec 01 §2.6); one's own role is locked with its reason. */
function RoleField({ control, options, onRoleChange, isReadOnly, roleLock }: RoleFieldProps) {
  return (
    <Controller
      control={control}
      name="role"
      render={({ field, fieldState }) => (
        <Select
          label="Role"
          required
          allowDeselect={false}
          data={options}
          value={field.value}
          onChange={onRoleChange}
          onBlur={field.onBlur}
          disabled={isReadOnly || roleLock !== null}
          description={isReadOnly ? undefined : (roleLock ?? undefined)}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The user drawer's "Groups" membership (spec 01 §2.6), shown to holders of manage_groups. */
function GroupsField({ control }: { control: UserFormControl }) {
  const groups = useGroupChoices(true);
  return (
    <Controller
      control={control}
      name="group_ids"
      render={({ field, fieldState }) => (
        <MultiSelect
          label="Groups"
          placeholder={groups.isPending ? 'Loading groups…' : 'Choose groups'}
          data={(groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={(field.value ?? []).map(String)}
          onChange={(ids) => field.onChange(ids.map(Number))}
          onBlur={field.onBlur}
          searchable
          clearable
          nothingFoundMessage="No groups"
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * The user drawer (spec 01 §2.6): name, email, title, role, the role's permissions (fetched per
 * role; approve_suggestions checked and locked for a super admin), group membership (for
 * holders of manage_groups) and location. Disabled users are read-only with a "Disabled" badge;
 * the super admin is read-only for everyone else; one's own role and permissions are read-only,
 * and permissions the signed-in person does not hold are disabled, each with its reason as a
 * tooltip.
 * Server field errors show on their field; other failures close the drawer with a toast (§8),
 * a stale write with a "Reload" action.
 */
export function UserDrawer({ opened, user, onClose }: UserDrawerProps) {
  const me = useSignedIn();
  const canManageAdmins = me.permissions.includes('all_privileges');
  const canSeeGroups = hasPermission(me.permissions, 'manage_groups');
  const viewer = viewerOf(me);
  const lockedReason = readOnlyReason(user, viewer);
  const isReadOnly = lockedReason !== null;
  const roleLock = roleLockReason(user, viewer);

  const { form, role, onRoleChange, submit, isSaving } = useUserDrawerForm(user, onClose);
  const permissionOptions = usePermissionOptions(role);

  const isSuperAdminApprover = Boolean(user?.super_admin) && role === 'ADMIN';
  const choices = permissionChoices(permissionOptions.data?.data ?? [], isSuperAdminApprover, user, viewer);
  const permissionsNote = permissionsDescription({
    role,
    isReadOnly,
    isOwn: roleLock !== null,
    hasUnheld: choices.some((o) => o.reason === USER_RIGHTS_REASONS.notHeld),
  });

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={user ? user.name : 'Add user'}
      titleAside={
        user?.disabled ? (
          <Badge color="gray" variant="filled">
            Disabled
          </Badge>
        ) : null
      }
      onSubmit={submit}
      canSubmit={!user || form.formState.isDirty}
      isSubmitting={isSaving}
      isReadOnly={isReadOnly}
    >
      {lockedReason ? (
        <Alert color="gray" icon={<IconLock aria-hidden />}>
          {lockedReason}
        </Alert>
      ) : null}
      <Fieldset variant="unstyled" disabled={isReadOnly}>
        <Stack gap="md">
          <FormTextInput control={form.control} name="name" label="Name" required />
          <FormTextInput control={form.control} name="email" label="Email" type="email" required />
          <FormTextInput control={form.control} name="title" label="Title" />
          <RoleField
            control={form.control}
            options={roleOptions(canManageAdmins, user?.role ?? null)}
            onRoleChange={onRoleChange}
            isReadOnly={isReadOnly}
            roleLock={roleLock}
          />
          <Controller
            control={form.control}
            name="permissions"
            render={({ field, fieldState }) => (
              <PermissionChecks
                stored={(field.value ?? []) as Permission[]}
                isSuperAdminApprover={isSuperAdminApprover}
                onChange={field.onChange}
                error={fieldState.error?.message}
                choices={choices}
                description={permissionsNote}
                isReadOnly={isReadOnly}
                isLoading={permissionOptions.isPending}
                isEmpty={permissionOptions.data?.data.length === 0}
              />
            )}
          />
          {canSeeGroups ? <GroupsField control={form.control} /> : null}
          <FormTextInput control={form.control} name="location" label="Location" />
        </Stack>
      </Fieldset>
    </FormDrawer>
  );
}
