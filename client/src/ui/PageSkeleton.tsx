import { Skeleton, Stack } from '@mantine/core';

/**
 * What a lazily loaded screen shows while its code chunk loads (issue 9 "Lazy-load the admin
 * routes"): a title bar and a few table rows, announced as busy.
 */
export function PageSkeleton() {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading">
      <Skeleton height={28} width="30%" />
      <Skeleton height={16} width="55%" />
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={40} />
      ))}
    </Stack>
  );
}
