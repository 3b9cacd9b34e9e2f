import { useState } from 'react';

/**
 * Whether a closed-by-default overlay (drawer, dialog, popover) should be mounted: false until it
 * is first opened, then true for good, so that it keeps its closing transition and its state.
 * Screens that carry several overlays (the template editor's govern step has four) skip their
 * hooks, portals and transitions on the first paint (bench:templates).
 *
 * @param opened whether the overlay is open now.
 * @returns true once `opened` has been true at least once.
 */
export function useMountedOnceOpened(opened: boolean): boolean {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  return wasOpened || opened;
}
