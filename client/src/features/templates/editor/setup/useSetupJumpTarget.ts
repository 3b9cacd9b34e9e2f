import type { CSSProperties } from 'react';
import { useJumpTarget } from '../TemplateEditorContext';
import type { SetupMessageId } from './setupChoices';

/** The highlight of a setup input the notification popover jumped to (spec 03 §2, 1 s). */
const HIGHLIGHT_STYLE: CSSProperties = {
  borderRadius: 'var(--mantine-radius-md)',
  outline: '2px solid var(--mantine-color-yellow-5)',
  outlineOffset: 4,
  background: 'var(--mantine-color-yellow-light)',
  transition: 'background 200ms, outline-color 200ms',
};
const RESTING_STYLE: CSSProperties = {
  borderRadius: 'var(--mantine-radius-md)',
  outline: '2px solid transparent',
  outlineOffset: 4,
  transition: 'background 200ms, outline-color 200ms',
};

/**
 * Makes a setup input the jump target of its issue (spec 03 §2 "Clicking one jumps to the step it
 * belongs to and highlights the issue for 1 second"): the key is `step:setup:{messageId}`.
 * `inputProps` go on the input (the ref it scrolls to and focuses, and `data-issue-target`);
 * `wrapperProps` on the box around the input and its label, which shows the highlight while it
 * lasts (`data-highlighted`).
 */
export function useSetupJumpTarget<E extends HTMLElement>(messageId: SetupMessageId) {
  const key = `step:setup:${messageId}`;
  const { ref, isHighlighted } = useJumpTarget<E>(key);
  return {
    inputProps: { ref, 'data-issue-target': key },
    wrapperProps: {
      'data-highlighted': isHighlighted ? 'true' : 'false',
      style: isHighlighted ? HIGHLIGHT_STYLE : RESTING_STYLE,
    },
  };
}
