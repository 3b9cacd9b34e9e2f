import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { setUnauthorizedHandler } from './api/apiFetch';
import { isAuthPath, loginPathFor } from './api/loginRedirect';
import { createQueryClient } from './api/queryClient';
import { createAppRouter } from './router';
import { theme } from './theme';
import { TOAST_MS, TOAST_PLACEMENT } from './ui/notify';

/** The app's long-lived objects: one query client and one router per page load. */
export interface AppState {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * Builds the router and query client, once per page load and outside React (so StrictMode's
 * double rendering cannot create a second router), and wires the 401 redirect to
 * /login?next=<path> (issue 2 §1).
 */
export function createAppState(): AppState {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  let isRedirecting = false;
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    if (isRedirecting || isAuthPath(pathname)) return;
    isRedirecting = true;
    void router.navigate(loginPathFor(pathname + search), { replace: true }).finally(() => {
      queryClient.clear();
      isRedirecting = false;
    });
  });
  return { queryClient, router };
}

/**
 * The client application (ARCHITECTURE.md, Client): Mantine with notifications (5 s, spec 01 §9)
 * and modals, TanStack Query, and the data router of every screen.
 */
export function App({ queryClient, router }: AppState) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        <Notifications autoClose={TOAST_MS} {...TOAST_PLACEMENT} limit={5} />
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
