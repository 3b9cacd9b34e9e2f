import { Center, Loader } from '@mantine/core';

/** A centred spinner while the signed-in user is loading (ARCHITECTURE.md, sign-in and sessions). */
export function FullPageLoader() {
  return (
    <Center mih="100vh" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}
