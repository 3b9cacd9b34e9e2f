import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { StatusPage } from '../../../ui/StatusPage';
import { NotFoundPage } from './NotFoundPage';

/**
 * The router's error element: a 404 route answer shows the fallback page (spec 01 §2.2); a
 * crash in a page shows a message with a reload button instead of a blank screen.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <StatusPage
      icon={<IconAlertTriangle size={28} />}
      title="Something went wrong"
      message="This page hit an unexpected problem. Reloading usually helps; if it does not, tell your admin."
      action={
        <Button variant="light" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      }
    />
  );
}
