import { Button, Text } from '@mantine/core';
import { AuthLayout } from '../../auth/components/AuthLayout';

/**
 * /sso/test-finished: where a test sign-in's popup lands once the IdP has sent it back (README
 * "Single sign-on"). The outcome shows on the Single sign-on page that opened it.
 */
export function SsoTestFinishedPage() {
  return (
    <AuthLayout title="Test finished">
      <Text size="sm">The claims received show on the Single sign-on page. You can close this window.</Text>
      <Button variant="default" onClick={() => window.close()}>
        Close this window
      </Button>
    </AuthLayout>
  );
}
