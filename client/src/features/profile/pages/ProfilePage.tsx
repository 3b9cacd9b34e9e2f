import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { authApi, profileSaveSchema } from '@nomen/shared';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { bodySchemaOf } from '../../../api/bodySchemaOf';
import { confirmAction } from '../../../ui/confirmAction';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyFailure, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { useSignedIn } from '../../auth/api';
import { useChangePassword, useSignOutOtherSessions, useUpdateProfile } from '../api';

const PROFILE_FIELDS = ['name', 'title'] as const;
const PASSWORD_FIELDS = ['current_password', 'new_password'] as const;

const passwordFormSchema = bodySchemaOf(authApi.changePassword)
  .extend({ confirm: z.string() })
  .refine((v) => v.new_password === v.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match',
  });

/** The name and title form of the profile page. */
function ProfileForm() {
  const { user } = useSignedIn();
  const save = useUpdateProfile();
  const form = useContractForm(profileSaveSchema, {
    defaultValues: { name: user.name, title: user.title },
    emptyIsRequired: true,
  });
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (me) => {
        form.reset({ name: me.user.name, title: me.user.title });
        notifySuccess('Profile saved');
      },
      onError: (error) => {
        if (applyServerIssues(form, error, { fields: PROFILE_FIELDS }).placed.length > 0) return;
        notifyFailure(error, 'Profile failed to save');
      },
    }),
  );
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-details">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          <Title order={2} size="h4" id="profile-details">
            Your details
          </Title>
          <Text size="sm" c="dimmed">
            Signed in as {user.email}.
          </Text>
          <FormTextInput control={form.control} name="name" label="Name" required autoComplete="name" />
          <FormTextInput
            control={form.control}
            name="title"
            label="Title"
            autoComplete="organization-title"
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The password change form of the profile page: current password, new password, confirmation. */
function PasswordForm() {
  const change = useChangePassword();
  const empty = { current_password: '', new_password: '', confirm: '' };
  const form = useContractForm(passwordFormSchema, { defaultValues: empty });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: () => {
          form.reset(empty);
          notifySuccess('Password changed');
        },
        onError: (error) => {
          if (applyServerIssues(form, error, { fields: PASSWORD_FIELDS }).placed.length > 0) return;
          notifyFailure(error, 'Password failed to change');
        },
      },
    ),
  );
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-password">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          <Title order={2} size="h4" id="profile-password">
            Password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            error={errors.current_password?.message}
            {...form.register('current_password')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            error={errors.new_password?.message}
            {...form.register('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            error={errors.confirm?.message}
            {...form.register('confirm')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The sessions and API tokens section of the profile page. */
function SessionsSection() {
  const signOutOthers = useSignOutOtherSessions();
  const ask = async () => {
    const isConfirmed = await confirmAction({
      title: 'Sign out of other sessions?',
      message: 'Every other browser signed in as you is signed out. This browser stays signed in.',
      confirmLabel: 'Sign out other sessions',
    });
    if (!isConfirmed) return;
    signOutOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        notifySuccess(
          ended === 0
            ? 'No other sessions were signed in'
            : `Signed out of ${ended} other session${ended === 1 ? '' : 's'}`,
        ),
      onError: (error) => notifyFailure(error, 'Other sessions could not be signed out'),
    });
  };
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-sessions">
      <Stack gap="md" maw={520} align="flex-start">
        <Title order={2} size="h4" id="profile-sessions">
          Sessions and tokens
        </Title>
        <Text size="sm" c="dimmed">
          Signed in on another computer you no longer use? Sign out there from here.
        </Text>
        <Button variant="default" onClick={() => void ask()} loading={signOutOthers.isPending}>
          Sign out of other sessions
        </Button>
        <Anchor component={Link} to="/admin/api-tokens" size="sm">
          Manage your API tokens
        </Anchor>
      </Stack>
    </Paper>
  );
}

/**
 * /profile: the signed-in user's own page, linked from the user menu. Name and title (saved for
 * oneself), a password change given the current one (a wrong current password shows on its field;
 * the new one follows the password rules), sign-out of other sessions after confirmation, and a
 * link to the API tokens page. Everyone signed in may open it.
 */
export function ProfilePage() {
  return (
    <>
      <PageHeader title="Your profile" description="Your name, title, password and sessions." />
      <Stack gap="lg">
        <ProfileForm />
        <PasswordForm />
        <SessionsSection />
      </Stack>
    </>
  );
}
