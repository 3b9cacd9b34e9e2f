import { Box, Button, Tooltip } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

/** Props of SaveButton. */
export interface SaveButtonProps {
  /** Shows the saving state and keeps the button disabled (spec 02 §4). */
  isSaving: boolean;
  /** Why there is nothing to save yet, e.g. "No changes to save"; null when Save may be pressed. */
  blockedReason: string | null;
  label?: string;
}

/**
 * The Save button of an editor page (pattern builder, field-set editor; spec 02 §4, §5): a submit
 * button, disabled while saving or while `blockedReason` says why it cannot save, the reason
 * shown as its tooltip and as its accessible description (issue 8 item 22). A disabled submit
 * button also stops Enter in an input from submitting the form.
 */
export function SaveButton({ isSaving, blockedReason, label = 'Save' }: SaveButtonProps) {
  const isBlocked = blockedReason !== null;
  return (
    <Tooltip label={blockedReason} disabled={!isBlocked || isSaving} withArrow position="bottom-end">
      {/* A disabled button gets no pointer events, so the tooltip hangs on a wrapper. */}
      <Box component="span" display="inline-block">
        <Button
          type="submit"
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          loading={isSaving}
          disabled={isBlocked}
          aria-description={blockedReason ?? undefined}
        >
          {label}
        </Button>
      </Box>
    </Tooltip>
  );
}
