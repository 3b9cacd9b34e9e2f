import { AppError } from '@nomen/shared';
import { QueryClient } from '@tanstack/react-query';

/**
 * The app's TanStack Query client (ARCHITECTURE.md, Client): answers stay fresh for 30 s, and
 * only failures that may pass on a second try (network, 5xx) are retried, at most twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof AppError && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
