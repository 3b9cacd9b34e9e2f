import { Button, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { collabApi } from '@nomen/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiFetch } from '../../../api/apiFetch';
import { notifyFailure, notifySuccess } from '../../../ui/notify';

/** The longest feedback message (contract: collabApi.feedback). */
const FEEDBACK_MAX_LENGTH = 5000;

/** Snackbar after feedback was sent (spec 02 §8, 5 s). */
export const FEEDBACK_SENT_MESSAGE = 'Thanks! Your feedback was sent.';
/** Snackbar when feedback could not be sent and the server gave no reason (spec 02 §8, 5 s). */
export const FEEDBACK_FAILED_MESSAGE = 'Your feedback could not be sent. Please try again.';

/** Props of FeedbackModal. */
export interface FeedbackModalProps {
  opened: boolean;
  onClose: () => void;
  /** The list the feedback is about. */
  listId: number | null;
}

/**
 * The feedback modal of the comments panel's assistant/feedback button (spec 02 §2; §8 success
 * and error snackbars, 5 s): a message (required) and an optional 1-5 rating, posted with
 * collabApi.feedback. Closes on success; keeps the text on failure.
 */
export function FeedbackModal({ opened, onClose, listId }: FeedbackModalProps) {
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState(0);
  const [isTouched, setIsTouched] = useState(false);
  const ratingLabel = useId();
  const send = useMutation({
    mutationFn: () =>
      apiFetch(collabApi.feedback, {
        body: { list_id: listId, message: message.trim(), rating: rating === 0 ? null : rating },
      }),
    onSuccess: () => {
      notifySuccess(FEEDBACK_SENT_MESSAGE);
      setMessage('');
      setRating(0);
      setIsTouched(false);
      onClose();
    },
    onError: (error) => notifyFailure(error, FEEDBACK_FAILED_MESSAGE),
  });
  const isEmpty = message.trim() === '';

  return (
    <Modal opened={opened} onClose={onClose} title="Send feedback" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setIsTouched(true);
          if (!isEmpty) send.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tell the product team what works and what does not when reviewing lists together.
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={ratingLabel}>
              How useful is live review? (optional)
            </Text>
            <Rating value={rating} onChange={setRating} aria-labelledby={ratingLabel} />
          </Stack>
          <Textarea
            label="Your feedback"
            required
            autosize
            minRows={4}
            maxRows={10}
            maxLength={FEEDBACK_MAX_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            onBlur={() => setIsTouched(true)}
            error={isTouched && isEmpty ? 'Write something first' : null}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send feedback
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
