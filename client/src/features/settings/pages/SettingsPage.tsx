import { Alert, Button, Card, Code, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { type SettingsView, settingsSaveSchema } from '@nomen/shared';
import { IconLock } from '@tabler/icons-react';
import { type Control, Controller } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyFailure } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useSignedIn } from '../../auth/api';
import { useWording } from '../../shell/useWording';
import { useSaveSettings, useSettings } from '../api';
import { FEATURE_FLAG_LABELS } from '../featureFlagLabels';

type SettingsFormInput = z.input<typeof settingsSaveSchema>;

/** The settings form's values for one loaded version of the settings. */
function formValues(view: SettingsView): SettingsFormInput {
  return {
    settings: { ...view.settings },
    features: Object.fromEntries(view.features.map((f) => [f.slug, f.enabled])),
    updated_at: view.updated_at,
  };
}

/** The control of the settings form. */
type SettingsControl = Control<SettingsFormInput, unknown, z.output<typeof settingsSaveSchema>>;

/** Props of {@link SettingsForm}. */
interface SettingsFormProps {
  view: SettingsView;
  canEdit: boolean;
  onReload: () => void;
}

/** The "Account" card: allow_approval (named with the approval flag it needs) and allow_self_approval. */
function AccountSettingsCard({ control, canEdit }: { control: SettingsControl; canEdit: boolean }) {
  const { words } = useWording();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Account
      </Title>
      <Stack gap="md">
        <Controller
          control={control}
          name="settings.allow_approval"
          render={({ field }) => (
            <Switch
              label="Allow approval"
              description={`Shows the “Require approval” toggle in ${words} when the “${FEATURE_FLAG_LABELS.approval}” flag below is on too; both are needed.`}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              disabled={!canEdit}
            />
          )}
        />
        <Controller
          control={control}
          name="settings.allow_self_approval"
          render={({ field }) => (
            <Switch
              label="Allow self-approval"
              description="Lets an approver approve or reject their own submissions. Off, another approver decides on them. Turn it on when the account has only one admin."
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              disabled={!canEdit}
            />
          )}
        />
      </Stack>
    </Card>
  );
}

/** Props of {@link FeatureFlagsCard}. */
interface FeatureFlagsCardProps {
  control: SettingsControl;
  features: SettingsView['features'];
  canEdit: boolean;
}

/** The "Feature flags" card: one switch per flag, by its label and description (admins also see its slug). */
function FeatureFlagsCard({ control, features, canEdit }: FeatureFlagsCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        Feature flags
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Each flag changes the product for every user of this account as soon as it is saved.
      </Text>
      <Stack gap="md">
        {features.map((flag) => (
          <Controller
            key={flag.slug}
            control={control}
            name={`features.${flag.slug}`}
            render={({ field }) => (
              <Switch
                label={FEATURE_FLAG_LABELS[flag.slug]}
                description={
                  canEdit ? (
                    <>
                      {flag.description}{' '}
                      <Code fz="xs" c="dimmed">
                        {flag.slug}
                      </Code>
                    </>
                  ) : (
                    flag.description
                  )
                }
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                disabled={!canEdit}
              />
            )}
          />
        ))}
      </Stack>
    </Card>
  );
}

/** The switches of the settings screen for one loaded version of the settings. */
function SettingsForm({ view, canEdit, onReload }: SettingsFormProps) {
  const save = useSaveSettings();
  const form = useContractForm(settingsSaveSchema, { defaultValues: formValues(view) });
  const { isDirty } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onError: (error) => notifyFailure(error, 'Settings failed to save. Please try again.', onReload),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <AccountSettingsCard control={form.control} canEdit={canEdit} />
        <FeatureFlagsCard control={form.control} features={view.features} canEdit={canEdit} />
        {canEdit ? (
          <Group
            justify="flex-end"
            gap="sm"
            pos="sticky"
            bottom={0}
            py="md"
            bg="var(--mantine-color-gray-0)"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 1 }}
          >
            <Button variant="default" disabled={!isDirty || save.isPending} onClick={() => form.reset()}>
              Discard changes
            </Button>
            <Button type="submit" disabled={!isDirty} loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * /admin/settings and /admin/account/settings (spec 01 §2.2; content ours): the allow_approval
 * account setting (named with the approval flag it needs, spec 03 §2, §6), allow_self_approval
 * (ours), and every feature flag by its label and description (admins also see its slug).
 * Editable with all_privileges,
 * read-only with a note for everyone else; saving sends the updated_at it read (409 offers to
 * reload) and refreshes navigation and wording at once.
 */
export function SettingsPage() {
  const me = useSignedIn();
  const settings = useSettings();
  const canEdit = me.permissions.includes('all_privileges');

  return (
    <>
      <PageHeader title="Settings" description={`Settings and feature flags of ${me.account.name}.`} />
      <Stack gap="lg" maw={860}>
        {canEdit ? (
          <Card withBorder radius="md" padding="lg">
            <Group justify="space-between">
              <div>
                <Title order={2} size="h4">
                  Single sign-on
                </Title>
                <Text size="sm" c="dimmed">
                  Sign-in through your company’s identity provider, and “Require SSO”.
                </Text>
              </div>
              <Button component={Link} to="/admin/settings/sso" variant="default">
                Manage single sign-on
              </Button>
            </Group>
          </Card>
        ) : (
          <Alert color="gray" icon={<IconLock aria-hidden />}>
            Only admins can change these settings. You can see what is turned on for your account.
          </Alert>
        )}
        {settings.error && !settings.data ? (
          <QueryErrorAlert error={settings.error} what="settings" onRetry={() => void settings.refetch()} />
        ) : null}
        {settings.isPending ? (
          <Stack gap="md" aria-busy="true" aria-label="Loading settings">
            <Skeleton height={96} radius="md" />
            <Skeleton height={360} radius="md" />
          </Stack>
        ) : null}
        {settings.data ? (
          <SettingsForm
            key={settings.data.updated_at}
            view={settings.data}
            canEdit={canEdit}
            onReload={() => void settings.refetch()}
          />
        ) : null}
      </Stack>
    </>
  );
}
