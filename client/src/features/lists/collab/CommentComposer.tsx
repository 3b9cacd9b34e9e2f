import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { COMMENT_MAX_LENGTH } from '@nomen/shared';
import { type Ref, useState } from 'react';

/** Props of CommentComposer. */
export interface CommentComposerProps {
  /** The field's label, e.g. "General comment" or "Reply to Jordan Lee". */
  label: string;
  /** Hide the label visually (it stays the accessible name). */
  isLabelHidden?: boolean;
  placeholder?: string;
  /** The button's text, e.g. "Post comment". */
  submitLabel: string;
  /** Sends the trimmed body; resolves true when the room acknowledged it (the field is cleared). */
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
  isDisabled?: boolean;
  /** Why it is disabled, shown under the field. */
  disabledReason?: string | null;
  autoFocus?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  minRows?: number;
}

/** Props of ComposerFooter. */
interface ComposerFooterProps {
  /** The body's length in characters. */
  length: number;
  submitLabel: string;
  onCancel?: () => void;
  isSending: boolean;
  canSend: boolean;
}

/**
 * Under the comment field: "Ctrl+Enter to send", or the characters left near the limit (spec 02
 * §2; COMMENT_MAX_LENGTH), then Cancel (when offered) and the send button.
 */
function ComposerFooter({ length, submitLabel, onCancel, isSending, canSend }: ComposerFooterProps) {
  const isNearLimit = length > COMMENT_MAX_LENGTH * 0.9;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c={isNearLimit ? 'orange' : 'dimmed'} aria-live="polite">
        {isNearLimit ? `${COMMENT_MAX_LENGTH - length} characters left` : 'Ctrl+Enter to send'}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {onCancel ? (
          <Button size="xs" variant="subtle" color="gray" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button size="xs" type="submit" loading={isSending} disabled={!canSend}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * A plain-text comment field with a send button (spec 02 §2 composers; contract
 * COMMENT_MAX_LENGTH): trimmed, not empty, at most 2,000 characters with a counter near the limit;
 * Ctrl+Enter or Cmd+Enter sends; the text is kept when sending fails and cleared once the room
 * acknowledged it.
 */
export function CommentComposer({
  label,
  isLabelHidden = false,
  placeholder,
  submitLabel,
  onSubmit,
  onCancel,
  isDisabled = false,
  disabledReason,
  autoFocus = false,
  textareaRef,
  minRows = 2,
}: CommentComposerProps) {
  const [body, setBody] = useState('');
  const [isSending, setIsSending] = useState(false);
  const trimmed = body.trim();
  const canSend = !isDisabled && !isSending && trimmed !== '';

  const submit = async () => {
    if (!canSend) return;
    setIsSending(true);
    try {
      if (await onSubmit(trimmed)) setBody('');
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={6}>
        <Textarea
          label={isLabelHidden ? undefined : label}
          aria-label={isLabelHidden ? label : undefined}
          placeholder={placeholder}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            } else if (event.key === 'Escape' && onCancel) {
              event.stopPropagation();
              onCancel();
            }
          }}
          maxLength={COMMENT_MAX_LENGTH}
          autosize
          minRows={minRows}
          maxRows={8}
          disabled={isDisabled}
          autoFocus={autoFocus}
          data-autofocus={autoFocus || undefined}
          ref={textareaRef}
        />
        {isDisabled && disabledReason ? (
          <Text size="xs" c="dimmed">
            {disabledReason}
          </Text>
        ) : null}
        <ComposerFooter
          length={body.length}
          submitLabel={submitLabel}
          onCancel={onCancel}
          isSending={isSending}
          canSend={canSend}
        />
      </Stack>
    </form>
  );
}
