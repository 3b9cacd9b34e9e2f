import { IconLock } from '@tabler/icons-react';
import { StatusPage } from '../../../ui/StatusPage';

/**
 * Shown on a page the signed-in user's permissions do not open (spec 01 §6); the server
 * refuses its calls anyway.
 */
export function NoAccessPage() {
  return (
    <StatusPage
      icon={<IconLock size={28} />}
      title="You don't have access to this page"
      message="Your role does not include the permission this page needs. Ask an admin of your account if you need it."
      link={{ to: '/admin', label: 'Go to the home page' }}
    />
  );
}
