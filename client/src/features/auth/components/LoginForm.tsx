import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { authApi } from '@nomen/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { bodySchemaOf } from '../../../api/bodySchemaOf';
import { useContractForm } from '../../../ui/form/useContractForm';
import { useLogin } from '../api';
import { loginErrorMessage } from '../authErrors';

const loginSchema = bodySchemaOf(authApi.login);

/** Props of LoginForm. */
export interface LoginFormProps {
  /** Called with the signed-in user once the session cookie is set. */
  onSignedIn: () => void;
  /** Switches to the forgot-password form, carrying the typed email. */
  onForgotPassword: (email: string) => void;
  defaultEmail?: string;
}

/**
 * Email and password sign-in (issue 2 §2). Wrong credentials answer "Invalid email or password",
 * too many attempts the rate-limit message; both stay on the form.
 */
export function LoginForm({ onSignedIn, onForgotPassword, defaultEmail = '' }: LoginFormProps) {
  const login = useLogin();
  const form = useContractForm(loginSchema, { defaultValues: { email: defaultEmail, password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => login.mutate(values, { onSuccess: onSignedIn }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {login.error ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {loginErrorMessage(login.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Group justify="space-between" mt="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onForgotPassword(form.getValues('email'))}
          >
            Forgot password?
          </Anchor>
          <Button type="submit" loading={login.isPending}>
            Sign in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
