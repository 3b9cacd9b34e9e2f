import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { IntegrationNotification } from '@nomen/shared';
import { EmailTagsInput } from '../EmailTagsInput';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

const NO_NOTIFICATION: IntegrationNotification = {
  emailTo: [],
  subject: '',
  emailOnFailure: false,
  emailOnSuccess: false,
};

/**
 * The integration's notification emails (spec 03 §3 "Integration notification": emailTo, subject,
 * emailOnFailure, emailOnSuccess; §5 "notifications need a recipient when on"), kept in the
 * assignment's `integration_notifications` (one setting; the server stores them and answers them
 * at GET /api/v1/integration-email-notifications/{assignmentId}). A setting that is all empty is
 * not kept.
 */
export function NotificationsSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const current = assignment.integration_notifications[0] ?? NO_NOTIFICATION;
  const set = (patch: Partial<IntegrationNotification>) =>
    editing.update((a) => {
      const next = { ...(a.integration_notifications[0] ?? NO_NOTIFICATION), ...patch };
      const isEmpty =
        next.emailTo.length === 0 &&
        next.subject.trim() === '' &&
        !next.emailOnFailure &&
        !next.emailOnSuccess;
      const rest = a.integration_notifications.slice(1);
      return { ...a, integration_notifications: isEmpty && next.id == null ? rest : [next, ...rest] };
    });
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        Notifications
      </Text>
      <Group gap="xl">
        <Switch
          label="Email on failure"
          checked={current.emailOnFailure}
          onChange={(event) => set({ emailOnFailure: event.currentTarget.checked })}
        />
        <Switch
          label="Email on success"
          checked={current.emailOnSuccess}
          onChange={(event) => set({ emailOnSuccess: event.currentTarget.checked })}
        />
      </Group>
      <EmailTagsInput
        label="Notify"
        description="Who receives the notification emails"
        value={current.emailTo}
        onChange={(emailTo) => set({ emailTo })}
      />
      <TextInput
        label="Notification subject"
        maxLength={255}
        value={current.subject}
        onChange={(event) => set({ subject: event.currentTarget.value })}
      />
      <SectionIssues issues={issues} />
    </Stack>
  );
}
