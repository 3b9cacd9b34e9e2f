import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AppError } from '@nomen/shared';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { errorMessage } from '../api/errors';

/** How long toasts stay (spec 01 §9: toast duration 5000 ms). */
export const TOAST_MS = 5000;

/**
 * Where toasts appear (issue 8 item 19): at the top centre, over the middle of the shell's
 * header, which holds no control, and clear of the right-hand drawers whose Save and Close
 * buttons sit at the bottom right (a drawer is at most 440 px wide, the toasts 420 px).
 */
export const TOAST_PLACEMENT = { position: 'top-center', containerWidth: 420 } as const;

/** Shows a green success toast for 5 s (spec 01 §8), or `autoClose` ms (10 s after a template save, spec 03 §8). */
export function notifySuccess(message: string, autoClose: number = TOAST_MS): void {
  notifications.show({
    color: 'green',
    icon: <IconCheck size={18} aria-hidden />,
    message,
    autoClose,
  });
}

/** Shows a blue information toast for `autoClose` ms (5 s by default), e.g. a save still running (spec 03 §8). */
export function notifyInfo(message: string, autoClose: number = TOAST_MS): void {
  notifications.show({ color: 'blue', icon: <IconInfoCircle size={18} aria-hidden />, message, autoClose });
}

/** Shows a red failure toast for 5 s (spec 01 §8). */
export function notifyError(message: string): void {
  notifications.show({
    color: 'red',
    icon: <IconAlertCircle size={18} aria-hidden />,
    message,
    autoClose: TOAST_MS,
  });
}

/**
 * Reports a failed call (spec 01 §8: the server's message, otherwise `fallback`). A stale write
 * (409 STALE_WRITE, ARCHITECTURE.md, Data) gets a "Reload" action that calls `onReload`.
 */
export function notifyFailure(error: unknown, fallback: string, onReload?: () => void): void {
  const message = errorMessage(error, fallback);
  if (onReload && error instanceof AppError && error.code === 'STALE_WRITE') {
    const id = notifications.show({
      color: 'orange',
      icon: <IconAlertCircle size={18} aria-hidden />,
      autoClose: false,
      message: (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              notifications.hide(id);
              onReload();
            }}
          >
            Reload
          </Button>
        </Stack>
      ),
    });
    return;
  }
  notifyError(message);
}
