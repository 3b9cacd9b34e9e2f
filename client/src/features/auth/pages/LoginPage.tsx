import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeNextPath } from '../../../api/loginRedirect';
import { AuthLayout } from '../components/AuthLayout';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { LoginForm } from '../components/LoginForm';

/**
 * /login (issue 2 §2): the sign-in form, or with `?forgot=1` the forgot-password form. After
 * signing in the user goes to `next` (an in-app path) or /admin. A refused single sign-on comes
 * back with `?sso_error=` and its reason, shown above the form (README "Single sign-on").
 */
export function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const isForgot = searchParams.get('forgot') === '1';

  const setForgot = (forgot: boolean) => {
    const next = new URLSearchParams(searchParams);
    if (forgot) next.set('forgot', '1');
    else next.delete('forgot');
    setSearchParams(next);
  };

  if (isForgot) {
    return (
      <AuthLayout
        title="Reset your password"
        description="We will email you a link to choose a new password."
      >
        <ForgotPasswordForm defaultEmail={email} onBack={() => setForgot(false)} />
      </AuthLayout>
    );
  }
  const ssoError = searchParams.get('sso_error');
  return (
    <AuthLayout title="Sign in to Nomen">
      {ssoError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title="Single sign-on refused">
          {ssoError}
        </Alert>
      ) : null}
      <LoginForm
        defaultEmail={email}
        onSignedIn={() => void navigate(safeNextPath(searchParams.get('next')), { replace: true })}
        onForgotPassword={(typed) => {
          setEmail(typed);
          setForgot(true);
        }}
      />
    </AuthLayout>
  );
}
