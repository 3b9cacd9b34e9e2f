import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { authApi, emailSchema, type SsoDiscovery } from '@nomen/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { bodySchemaOf } from '../../../api/bodySchemaOf';
import { useContractForm } from '../../../ui/form/useContractForm';
import { useDiscoverSso } from '../../sso/api';
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
 * The single sign-on the typed email's domain routes to (README "Single sign-on"), asked once the
 * email has looked like one for a moment; null until then or when the domain routes nowhere.
 */
function useSsoFor(email: string): SsoDiscovery | null {
  const [settled] = useDebouncedValue(email, 300);
  const discover = useDiscoverSso();
  const [found, setFound] = useState<{ email: string; answer: SsoDiscovery } | null>(null);
  const { mutate } = discover;
  useEffect(() => {
    const parsed = emailSchema.safeParse(settled);
    if (!parsed.success) return;
    mutate(parsed.data, { onSuccess: (answer) => setFound({ email: settled, answer }) });
  }, [settled, mutate]);
  return found && found.email === email && found.answer.providers.length > 0 ? found.answer : null;
}

/**
 * Email and password sign-in (issue 2 §2). Wrong credentials answer "Invalid email or password",
 * too many attempts the rate-limit message; both stay on the form. An email whose domain routes to
 * an identity provider offers "Continue with <provider>"; when its account requires single
 * sign-on the password is hidden behind a link for the break-glass admin.
 */
export function LoginForm({ onSignedIn, onForgotPassword, defaultEmail = '' }: LoginFormProps) {
  const login = useLogin();
  const form = useContractForm(loginSchema, { defaultValues: { email: defaultEmail, password: '' } });
  const { errors } = form.formState;
  const sso = useSsoFor(form.watch('email'));
  const [wantsPassword, setWantsPassword] = useState(false);
  const showPassword = !sso || sso.password_allowed || wantsPassword;

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
        {sso ? (
          <Stack gap="xs">
            {sso.providers.map((p) => (
              <Button
                key={p.id}
                component="a"
                href={p.start_url}
                variant={showPassword ? 'default' : 'filled'}
              >
                Continue with {p.name}
              </Button>
            ))}
            {showPassword ? <Divider label="or with your password" labelPosition="center" /> : null}
          </Stack>
        ) : null}
        {showPassword ? (
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => setWantsPassword(true)}>
            Break-glass admin? Sign in with a password
          </Anchor>
        )}
        <Group justify="space-between" mt="xs" display={showPassword ? undefined : 'none'}>
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
