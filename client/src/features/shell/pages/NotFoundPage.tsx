import { IconMapOff } from '@tabler/icons-react';
import { StatusPage } from '../../../ui/StatusPage';

/** The fallback page for any path no route serves (spec 01 §2.2: any other path). */
export function NotFoundPage() {
  return (
    <StatusPage
      icon={<IconMapOff size={28} />}
      title="Page not found"
      message="There is no page at this address. It may have moved, or the link may be mistyped."
      link={{ to: '/admin', label: 'Go to the home page' }}
    />
  );
}
