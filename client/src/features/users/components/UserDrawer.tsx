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
import {
  permissionLockReason,
  readOnlyReason,
  roleLockReason,
  USER_RIGHTS_REASONS,
  viewerOf,
} from '../userRights';

// The inputs that show the server's problems; others (the id, updated_at) go to the toast.
const FORM_FIELDS = ['name', 'email', 'title', 'role', 'permissions', 'group_ids', 'location'] as const;

/** Props of UserDrawer. */
export interface UserDrawerProps {
  opened: boolean;
  /** The user to edit, or null to add one. */
  user: User | null;
  onClose: () => void;
}

/**
 * The user drawer (spec 01 §2.6): name, email, title, role, the role's permissions (fetched per
 * role; approve_suggestions checked and locked for a super admin), group membership (for
 * holders of manage_groups) and location. Disabled users are read-only with a "Disabled" badge;
 * the super admin is read-only for everyone else; one's own role and permissions are read-only,
 * and permissions the signed-in person does not hold are disabled, each with its reason as a
 * tooltip (issue 8 items 2, 3).
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

  const form = useContractForm(userSaveSchema, { defaultValues: userFormDefaults(user) });
  const { isDirty } = form.formState;
  const role = form.watch('role') as Role;
  const permissionOptions = usePermissionOptions(role);
  const groups = useGroupChoices(canSeeGroups);
  const save = useSaveUser();
  const reloadUsers = useReloadUsers();

  const isSuperAdminApprover = Boolean(user?.super_admin) && role === 'ADMIN';

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

  const title = user ? user.name : 'Add user';
  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={title}
      titleAside={
        user?.disabled ? (
          <Badge color="gray" variant="filled">
            Disabled
          </Badge>
        ) : null
      }
      onSubmit={submit}
      canSubmit={!user || isDirty}
      isSubmitting={save.isPending}
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
          <Controller
            control={form.control}
            name="role"
            render={({ field, fieldState }) => (
              <Select
                label="Role"
                required
                allowDeselect={false}
                data={roleOptions(canManageAdmins, user?.role ?? null)}
                value={field.value}
                onChange={onRoleChange}
                onBlur={field.onBlur}
                disabled={isReadOnly || roleLock !== null}
                description={isReadOnly ? undefined : (roleLock ?? undefined)}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="permissions"
            render={({ field, fieldState }) => {
              const stored = (field.value ?? []) as Permission[];
              const shown: Permission[] =
                isSuperAdminApprover && !stored.includes('approve_suggestions')
                  ? [...stored, 'approve_suggestions']
                  : stored;
              const options = (permissionOptions.data?.data ?? []).map((option) => {
                const isOwnerApproval = isSuperAdminApprover && option.slug === 'approve_suggestions';
                const reason = isOwnerApproval
                  ? 'The account owner always approves suggestions.'
                  : permissionLockReason(option.slug, user, viewer);
                return { ...option, isOwnerApproval, reason };
              });
              const isOwn = roleLock !== null;
              const hasUnheld = options.some((o) => o.reason === USER_RIGHTS_REASONS.notHeld);
              const roleNote =
                role === 'ADMIN'
                  ? 'Admins hold every manage permission through their role.'
                  : 'What this user may manage besides their own work.';
              return (
                <Checkbox.Group
                  label="Permissions"
                  description={
                    isReadOnly
                      ? roleNote
                      : isOwn
                        ? USER_RIGHTS_REASONS.ownPermissions
                        : hasUnheld
                          ? `${roleNote} ${USER_RIGHTS_REASONS.notHeld}`
                          : roleNote
                  }
                  value={shown}
                  onChange={(next) => {
                    const chosen = next as Permission[];
                    field.onChange(
                      isSuperAdminApprover && !stored.includes('approve_suggestions')
                        ? chosen.filter((p) => p !== 'approve_suggestions')
                        : chosen,
                    );
                  }}
                  error={fieldState.error?.message}
                >
                  <Stack gap="xs" mt="xs">
                    {permissionOptions.isPending ? (
                      <Loader size="xs" aria-label="Loading permissions" />
                    ) : null}
                    {permissionOptions.data?.data.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        No extra permissions for this role.
                      </Text>
                    ) : null}
                    {options.map((option) => (
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
            }}
          />
          {canSeeGroups ? (
            <Controller
              control={form.control}
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
          ) : null}
          <FormTextInput control={form.control} name="location" label="Location" />
        </Stack>
      </Fieldset>
    </FormDrawer>
  );
}
