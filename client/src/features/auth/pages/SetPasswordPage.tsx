import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { authApi } from '@nomen/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { bodySchemaOf } from '../../../api/bodySchemaOf';
import { errorMessage } from '../../../api/errors';
import { useContractForm } from '../../../ui/form/useContractForm';
import { useSetPassword } from '../api';
import { isRefusedLink } from '../authErrors';
import { AuthLayout } from '../components/AuthLayout';

const setPasswordSchema = bodySchemaOf(authApi.activate)
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

/** Props of SetPasswordPage. */
export interface SetPasswordPageProps {
  purpose: 'activation' | 'reset';
}

const COPY = {
  activation: {
    title: 'Activate your account',
    description: 'Choose a password to finish setting up your Nomen account.',
    submit: 'Activate account',
  },
  reset: {
    title: 'Choose a new password',
    description: 'Enter a new password for your Nomen account.',
    submit: 'Set new password',
  },
} as const;

/**
 * /activate?token=… and /reset-password?token=… (issue 2 §2): a new password and its
 * confirmation (at least 8 characters). Success signs the user in and opens /admin; a refused or
 * expired link offers to request a new one.
 */
export function SetPasswordPage({ purpose }: SetPasswordPageProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const setPassword = useSetPassword(purpose);
  const form = useContractForm(setPasswordSchema, { defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;
  const copy = COPY[purpose];

  const submit = form.handleSubmit((values) =>
    setPassword.mutate(
      { token, password: values.password },
      { onSuccess: () => void navigate('/admin', { replace: true }) },
    ),
  );

  const linkRefused = token === '' || isRefusedLink(setPassword.error);
  return (
    <AuthLayout title={copy.title} description={copy.description}>
      {linkRefused ? (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title="This link no longer works"
        >
          <Stack gap="xs">
            <Text size="sm">
              {token === ''
                ? 'The link is incomplete. Open the link from your email again.'
                : errorMessage(setPassword.error, 'This link is invalid or has expired.')}
            </Text>
            <Anchor component={Link} to="/login?forgot=1" size="sm">
              Request a new link
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {setPassword.error && !linkRefused ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(setPassword.error, 'The password could not be set. Please try again.')}
        </Alert>
      ) : null}
      {linkRefused ? (
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to sign in
        </Anchor>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              required
              autoFocus
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              required
              error={errors.confirm?.message}
              {...form.register('confirm')}
            />
            <Button type="submit" loading={setPassword.isPending} mt="xs">
              {copy.submit}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
