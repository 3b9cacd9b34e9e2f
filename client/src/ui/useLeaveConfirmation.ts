import { useCallback, useEffect, useRef } from 'react';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router-dom';
import { confirmAction } from './confirmAction';

/** What the leave-page confirmation says (spec 02 §2, §5: unsaved changes ask before leaving). */
export const LEAVE_TITLE = 'Leave without saving?';
/** The body of the leave-page confirmation. */
export const LEAVE_MESSAGE = 'You have unsaved changes. If you leave this page now, they will be lost.';

/** What useLeaveConfirmation gives the page. */
export interface LeaveConfirmation {
  /**
   * Lets the next in-app navigation through without asking, e.g. the route replacement after the
   * first save of a new item, which happens before the cleared dirty flag has rendered.
   */
  allowNextNavigation: () => void;
}

/**
 * Asks before the user leaves a page with unsaved changes (spec 02 §2, §4, §5): while `isDirty`,
 * an in-app navigation to another path opens a "Leave without saving?" dialog (Leave / Cancel;
 * changes of the query string alone pass), and closing or reloading the tab triggers the
 * browser's own beforeunload prompt. `message` is the dialog's text. `isInside(pathname)`, when
 * given, names paths that still belong to the page (the template editor's steps, spec 03 §2):
 * moving there passes too. Needs a data router (useBlocker).
 */
export function useLeaveConfirmation(
  isDirty: boolean,
  message: string = LEAVE_MESSAGE,
  isInside?: (pathname: string) => boolean,
): LeaveConfirmation {
  const bypass = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (bypass.current) {
        bypass.current = false;
        return false;
      }
      if (isInside?.(nextLocation.pathname)) return false;
      return isDirty && currentLocation.pathname !== nextLocation.pathname;
    },
    [isDirty, isInside],
  );
  const blocker = useBlocker(shouldBlock);

  // One dialog per blocked navigation, even when the effect runs again for the same blocker.
  const asked = useRef<Blocker | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asked.current === blocker) return;
    asked.current = blocker;
    void confirmAction({ title: LEAVE_TITLE, message, confirmLabel: 'Leave' }).then((leave) => {
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, message]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return {
    allowNextNavigation: useCallback(() => {
      bypass.current = true;
    }, []),
  };
}
