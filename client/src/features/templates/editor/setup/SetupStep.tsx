import { Box, Paper, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import type { TemplateSettings } from '@nomen/shared';
import { WhoCanSubmit } from '../../audience/WhoCanSubmit';
import { useTemplateEditor, useTemplateEditorEnvironment, useTemplateIssues } from '../TemplateEditorContext';
import { ApproversPicker, RecipientsPicker } from './PeoplePickers';
import {
  setupIssueTexts,
  showsApprovalSwitch,
  showsAutoSubmitSwitch,
  TEMPLATE_NAME_HINT,
} from './setupChoices';
import { TemplateFolderPicker } from './TemplateFolderPicker';
import { useSetupJumpTarget } from './useSetupJumpTarget';

/**
 * The setup step (spec 03 §2 "Setup step"): the template's name (required, with the hint),
 * description and folder (with inline folder create); the require-identifier switch; the
 * require-approval switch (with the account setting allow_approval and the approval flag) and its
 * approvers picker; the auto-submit switch (auto-submit flag) and its submission status
 * recipients picker; who can submit through the template ({@link WhoCanSubmit}). Every change goes to the editor's store; each input with a setup issue
 * (spec 03 §5) shows the issue's message as its error and is the issue's jump target.
 */
export function SetupStep() {
  const issues = useTemplateIssues();
  const errors = setupIssueTexts(issues);
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={3} size="h4">
            Template
          </Title>
          <NameInput error={errors.templateNameRequired} />
          <DescriptionInput />
          <TemplateFolderPicker error={errors.templateFolderRequired} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={3} size="h4">
            Submissions
          </Title>
          <SettingSwitch
            setting="require_identifier"
            label="Require identifier"
            description="Every submitted row must carry an identifier, so it can be matched to the platforms' records."
          />
          <ApprovalSettings error={errors.approversRequired} />
          <AutoSubmitSettings />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <WhoCanSubmit />
      </Paper>
    </Stack>
  );
}

/** The template's name (spec 03 §2, §5 "Template name is required") with the hint. */
function NameInput(props: { error?: string }) {
  const { store } = useTemplateEditorEnvironment();
  const name = useTemplateEditor((s) => s.draft.name);
  const target = useSetupJumpTarget<HTMLInputElement>('templateNameRequired');
  return (
    <Box p={4} m={-4} {...target.wrapperProps}>
      <TextInput
        {...target.inputProps}
        label="Name"
        description={TEMPLATE_NAME_HINT}
        required
        maxLength={255}
        value={name}
        error={props.error}
        onChange={(event) => {
          const value = event.currentTarget.value;
          store.update((draft) => (draft.name === value ? draft : { ...draft, name: value }));
        }}
      />
    </Box>
  );
}

/** The template's description (spec 03 §2). */
function DescriptionInput() {
  const { store } = useTemplateEditorEnvironment();
  const description = useTemplateEditor((s) => s.draft.description);
  return (
    <Textarea
      label="Description"
      description="What the template is for and who submits through it."
      autosize
      minRows={2}
      maxRows={8}
      maxLength={2000}
      value={description}
      onChange={(event) => {
        const value = event.currentTarget.value;
        store.update((draft) => (draft.description === value ? draft : { ...draft, description: value }));
      }}
    />
  );
}

/** A 0/1 template setting as a switch (spec 03 §3 settings). */
function SettingSwitch(props: { setting: keyof TemplateSettings; label: string; description: string }) {
  const { store } = useTemplateEditorEnvironment();
  const isOn = useTemplateEditor((s) => s.draft.settings[props.setting] === 1);
  return (
    <Switch
      label={props.label}
      description={props.description}
      checked={isOn}
      onChange={(event) => {
        const value = event.currentTarget.checked ? 1 : 0;
        store.update((draft) =>
          draft.settings[props.setting] === value
            ? draft
            : { ...draft, settings: { ...draft.settings, [props.setting]: value } },
        );
      }}
    />
  );
}

/**
 * Require approval and the approvers (spec 03 §2, §4, §5 "Approval"): the switch shows with the
 * account setting allow_approval and the approval flag (or while the template still requires
 * approval); the approvers picker shows while approval is required.
 */
function ApprovalSettings(props: { error?: string }) {
  const { me } = useTemplateEditorEnvironment();
  const settings = useTemplateEditor((s) => s.draft.settings);
  if (!showsApprovalSwitch(me.settings, me.features, settings)) return null;
  return (
    <Stack gap="sm">
      <SettingSwitch
        setting="require_approval"
        label="Require approval"
        description="Submissions wait for one of the approvers before they are accepted."
      />
      {settings.require_approval === 1 ? (
        <Box pl={54}>
          <ApproversPicker error={props.error} />
        </Box>
      ) : null}
    </Stack>
  );
}

/**
 * Auto-submit and its recipients (spec 03 §2, §6 ENABLE_AUTO_SUBMIT): the switch shows with the
 * auto-submit flag (or while the template has it on); the recipients picker while it is on.
 */
function AutoSubmitSettings() {
  const { me } = useTemplateEditorEnvironment();
  const settings = useTemplateEditor((s) => s.draft.settings);
  if (!showsAutoSubmitSwitch(me.features, settings)) return null;
  return (
    <Stack gap="sm">
      <SettingSwitch
        setting="enable_auto_submit"
        label="Auto-submit"
        description="Rows that inbound integrations bring in are submitted without anyone pressing Submit."
      />
      {settings.enable_auto_submit === 1 ? (
        <Box pl={54}>
          <RecipientsPicker />
        </Box>
      ) : null}
    </Stack>
  );
}
