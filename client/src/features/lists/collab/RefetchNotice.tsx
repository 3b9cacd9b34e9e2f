import { Button, Stack, Text } from '@mantine/core';

/** Props of RefetchNotice. */
export interface RefetchNoticeProps {
  onReload: () => void;
}

/**
 * The body of the notice shown when someone else saved the list while this user has unsaved
 * edits (spec 02 §4: after a save the list is refetched for collaborators): why it was not
 * reloaded, and a Reload button that drops the edits and shows the saved version.
 */
export function RefetchNotice({ onReload }: RefetchNoticeProps) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">
        You have unsaved changes. Reload to see their version; your unsaved changes will be lost.
      </Text>
      <Button size="xs" variant="light" onClick={onReload}>
        Reload
      </Button>
    </Stack>
  );
}
