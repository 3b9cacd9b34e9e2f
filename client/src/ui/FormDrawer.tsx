import { Box, Button, Drawer, Group, ScrollArea, Stack, Tooltip } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** Props of FormDrawer. */
export interface FormDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Drawer title; also the dialog's accessible name, e.g. "Add user" or the edited name. */
  title: string;
  /** Shown beside the title, e.g. a "Disabled" badge. */
  titleAside?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Whether the save button is enabled (spec 01 §5 rules per screen). */
  canSubmit?: boolean;
  isSubmitting?: boolean;
  /** Read-only drawers show no save button (spec 01 §2.6: disabled users). */
  isReadOnly?: boolean;
  submitLabel?: string;
  /** Why Save is disabled, shown as its tooltip and accessible description (null: no reason). */
  submitBlockedReason?: string | null;
  children: ReactNode;
}

/**
 * The right-hand side drawer that adds and edits a row of an admin table (spec 01 §2.3-§2.8):
 * a form with the fields as children and a footer with Cancel and Save. Escape and the close
 * button close it.
 */
export function FormDrawer({
  opened,
  onClose,
  title,
  titleAside,
  onSubmit,
  canSubmit = true,
  isSubmitting = false,
  isReadOnly = false,
  submitLabel = 'Save',
  submitBlockedReason = null,
  children,
}: FormDrawerProps) {
  const reason = !canSubmit && !isSubmitting ? submitBlockedReason : null;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      padding={0}
      title={
        <Group gap="sm">
          <span>{title}</span>
          {titleAside}
        </Group>
      }
      styles={{
        header: { paddingInline: 'var(--mantine-spacing-lg)' },
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
        title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' },
      }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        <ScrollArea style={{ flex: 1 }} px="lg">
          <Stack gap="md" py="md">
            {children}
          </Stack>
        </ScrollArea>
        <Group
          justify="flex-end"
          gap="sm"
          px="lg"
          py="md"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Button variant="default" onClick={onClose}>
            {isReadOnly ? 'Close' : 'Cancel'}
          </Button>
          {isReadOnly ? null : (
            <Tooltip label={reason} disabled={!reason} withArrow position="top-end">
              {/* A disabled button gets no pointer events, so the tooltip hangs on a wrapper. */}
              <Box component="span" display="inline-block">
                <Button
                  type="submit"
                  loading={isSubmitting}
                  disabled={!canSubmit}
                  aria-description={reason ?? undefined}
                >
                  {submitLabel}
                </Button>
              </Box>
            </Tooltip>
          )}
        </Group>
      </Box>
    </Drawer>
  );
}
