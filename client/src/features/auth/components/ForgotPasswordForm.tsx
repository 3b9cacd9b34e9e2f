import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { authApi } from '@nomen/shared';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { bodySchemaOf } from '../../../api/bodySchemaOf';
import { errorMessage } from '../../../api/errors';
import { useContractForm } from '../../../ui/form/useContractForm';
import { useForgotPassword } from '../api';

const forgotSchema = bodySchemaOf(authApi.forgotPassword);

/** Props of ForgotPasswordForm. */
export interface ForgotPasswordFormProps {
  defaultEmail?: string;
  onBack: () => void;
}

/**
 * Asks for a password-reset link (issue 2 §2). The server answers 202 whether or not the address
 * has an account, so the form says the same either way.
 */
export function ForgotPasswordForm({ defaultEmail = '', onBack }: ForgotPasswordFormProps) {
  const request = useForgotPassword();
  const form = useContractForm(forgotSchema, { defaultValues: { email: defaultEmail } });
  const submit = form.handleSubmit((values) => request.mutate(values));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {request.isSuccess ? (
          <Alert color="green" icon={<IconMailCheck aria-hidden />} role="status">
            If that address has an account, a link is on its way.
          </Alert>
        ) : null}
        {request.error ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(request.error, 'The link could not be requested. Please try again.')}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Group justify="space-between" mt="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back to sign in
          </Anchor>
          <Button type="submit" loading={request.isPending}>
            Send reset link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
