import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Props of CollabErrorBoundary. */
export interface CollabErrorBoundaryProps {
  children: ReactNode;
  /** What Retry does; reloads the page by default (spec 02 §8). */
  onRetry?: () => void;
}

interface State {
  error: Error | null;
}

/**
 * Catches a crash of the collaboration layer (spec 02 §8: a fallback showing a title, the error
 * message and a retry button that reloads the page), so a failure in live collaboration shows
 * what happened instead of a blank editor.
 */
export class CollabErrorBoundary extends Component<CollabErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[collab] the collaboration layer crashed:', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title="Live collaboration stopped working"
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error.message || 'An unexpected error occurred.'}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => (this.props.onRetry ? this.props.onRetry() : window.location.reload())}
          >
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
}
