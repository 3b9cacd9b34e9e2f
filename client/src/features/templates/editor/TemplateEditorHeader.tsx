import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Stepper,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { isMissingSettingIssue, type TemplateIssue, templateIssueText } from '@nomen/shared';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconBell,
  IconChevronLeft,
  IconDeviceFloppy,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LazyTooltip } from '../../../ui/LazyTooltip';
import { EDITOR_STEPS, type EditorStep, editorStepPath, TEMPLATES_PATH } from '../templatePaths';
import {
  useTemplateEditor,
  useTemplateEditorEnvironment,
  useTemplateIssues,
  useTemplateIssuesSelector,
} from './TemplateEditorContext';
import { issueTargetKey } from './templateEditorStore';

const STEP_LABELS: Record<EditorStep, { label: string; description: string }> = {
  setup: { label: 'Setup', description: 'Name, folder, approval' },
  govern: { label: 'Govern', description: 'Fields and their rules' },
  connect: { label: 'Connect', description: 'Integrations' },
};

/** The editor step an issue jumps to: the creative rules live on the govern step (spec 03 §2, §5). */
export function stepOfIssue(issue: TemplateIssue): EditorStep {
  return issue.step === 'creative' ? 'govern' : issue.step;
}

/**
 * Whether an issue is one missing setting of a "Not ready" integration (a warning on its form
 * section): the notification popover shows the integration's one "Not ready: …" issue instead,
 * which names them all (shared/src/integrations/readiness.ts).
 */
export function isNotReadyDetail(issue: TemplateIssue): boolean {
  return issue.type === 'WARNING' && issue.integrationId !== undefined && isMissingSettingIssue(issue);
}

/** The issues the notification popover lists and counts: all but {@link isNotReadyDetail}. */
export function popoverIssues(issues: readonly TemplateIssue[]): TemplateIssue[] {
  return issues.filter((issue) => !isNotReadyDetail(issue));
}

/**
 * Why Save is disabled, or null (spec 03 §2 "Save is disabled while validation errors exist, while
 * approval is required but no approvers are chosen, and while a save is running. Tooltips explain
 * each reason."). The approval reason comes first: it is the one a user fixes on the setup step.
 */
export function saveBlockedReason(issues: readonly TemplateIssue[], saving: boolean): string | null {
  if (saving) return 'The template is being saved';
  if (issues.some((issue) => issue.messageId === 'approversRequired')) {
    return 'Approval is required: choose at least one approver';
  }
  const errors = issues.filter((issue) => issue.type === 'ERROR').length;
  if (errors > 0) return `Fix ${errors} ${errors === 1 ? 'error' : 'errors'} before saving`;
  return null;
}

/**
 * The editor's header (spec 03 §2 "Template editor header and behaviour"): a link back to the
 * templates, the template's name, the step bar with Previous and Next (each replaces the URL), the
 * notification popover of errors and warnings, and Save with the tooltip of why it is disabled.
 */
export function TemplateEditorHeader(props: { step: EditorStep; onSave: () => void }) {
  const { store, templateId } = useTemplateEditorEnvironment();
  const name = useTemplateEditor((s) => s.draft.name);
  const changed = useTemplateEditor((s) => s.changed);
  const saving = useTemplateEditor((s) => s.saving);
  // The reason, not the issues: a keystroke that keeps it renders no part of the header.
  const blocked = useTemplateIssuesSelector((issues) => saveBlockedReason(issues, saving));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const index = EDITOR_STEPS.indexOf(props.step);

  const goTo = (step: EditorStep) =>
    void navigate(editorStepPath(templateId ?? 'new', step, searchParams), { replace: true });
  const jump = (issue: TemplateIssue) => {
    const step = stepOfIssue(issue);
    if (step !== props.step) goTo(step);
    store.focus(issueTargetKey(issue), issue.step);
  };
  const title = name?.trim() || (templateId === null ? 'New template' : 'Template');

  return (
    <Stack gap="sm">
      <Anchor component={Link} to={TEMPLATES_PATH} size="sm" display="inline-flex">
        <Group gap={4} component="span">
          <IconChevronLeft size={14} aria-hidden />
          All templates
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" miw={0}>
          <Title order={2} lineClamp={1}>
            {title}
          </Title>
          {changed ? (
            <Badge color="yellow" variant="light" role="status">
              Unsaved changes
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <IssuesPopover onJump={jump} />
          <SaveButton blocked={blocked} saving={saving} onSave={props.onSave} />
        </Group>
      </Group>
      <StepBar index={index} onGoTo={goTo} />
    </Stack>
  );
}

/** Save, disabled with the tooltip (and description) of why while `blocked` is a reason. */
function SaveButton(props: { blocked: string | null; saving: boolean; onSave: () => void }) {
  const { blocked } = props;
  return (
    <LazyTooltip label={blocked} disabled={blocked === null} withArrow position="bottom-end">
      <Box component="span" display="inline-block">
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          loading={props.saving}
          disabled={blocked !== null}
          aria-description={blocked ?? undefined}
          onClick={props.onSave}
        >
          Save
        </Button>
      </Box>
    </LazyTooltip>
  );
}

/** The step bar (`index` is the current step's) with Previous and Next; `onGoTo` opens a step. */
function StepBar(props: { index: number; onGoTo: (step: EditorStep) => void }) {
  const { index, onGoTo } = props;
  return (
    <Group justify="space-between" wrap="nowrap">
      <Stepper
        active={index}
        onStepClick={(i) => onGoTo(EDITOR_STEPS[i] ?? 'setup')}
        size="sm"
        style={{ flex: 1 }}
        aria-label="Template editor steps"
      >
        {EDITOR_STEPS.map((step) => (
          <Stepper.Step
            key={step}
            label={STEP_LABELS[step].label}
            description={STEP_LABELS[step].description}
          />
        ))}
      </Stepper>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          disabled={index === 0}
          onClick={() => onGoTo(EDITOR_STEPS[index - 1] ?? 'setup')}
        >
          Previous
        </Button>
        <Button
          variant="default"
          rightSection={<IconArrowRight size={16} aria-hidden />}
          disabled={index === EDITOR_STEPS.length - 1}
          onClick={() => onGoTo(EDITOR_STEPS[index + 1] ?? 'connect')}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}

/** "2 errors, 1 warning": the counts of the notification popover. */
function issueCountLabel(issues: readonly TemplateIssue[]): string {
  const errors = issues.filter((i) => i.type === 'ERROR').length;
  const warnings = issues.length - errors;
  return `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
}

/** The bell's colour: red with an error, yellow with only warnings, none without issues. */
function bellColor(issues: readonly TemplateIssue[]): 'red' | 'yellow' | null {
  if (issues.some((i) => i.type === 'ERROR')) return 'red';
  return issues.length > 0 ? 'yellow' : null;
}

/**
 * The notification popover (spec 03 §2): a bell with the number of issues; the list shows errors
 * first, then warnings, each with its message; a click jumps to the issue's step and highlights it.
 * A "Not ready" integration is one warning naming what it lacks ({@link popoverIssues}). The bell
 * follows the counts only; the list reads the issues while it is open.
 */
function IssuesPopover(props: { onJump: (issue: TemplateIssue) => void }) {
  const [opened, setOpened] = useState(false);
  const count = useTemplateIssuesSelector((issues) => popoverIssues(issues).length);
  const color = useTemplateIssuesSelector((issues) => bellColor(popoverIssues(issues)));
  const label = useTemplateIssuesSelector((issues) => issueCountLabel(popoverIssues(issues)));
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={420} shadow="md" withArrow>
      <Popover.Target>
        <Indicator label={count} size={18} color={color ?? 'yellow'} disabled={count === 0}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Template issues: ${label}`}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={18} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Text size="sm" fw={600} px="md" py="xs">
          {label}
        </Text>
        <IssuesList
          onJump={(issue) => {
            setOpened(false);
            props.onJump(issue);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The popover's list: errors first, then warnings; each a button that jumps to its issue. */
function IssuesList(props: { onJump: (issue: TemplateIssue) => void }) {
  const issues = popoverIssues(useTemplateIssues());
  const ordered = [
    ...issues.filter((i) => i.type === 'ERROR'),
    ...issues.filter((i) => i.type === 'WARNING'),
  ];
  if (ordered.length === 0)
    return (
      <Text size="sm" c="dimmed" px="md" pb="md">
        No errors or warnings. The template is ready to save.
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={360}>
      <Stack gap={0} role="list" aria-label="Template issues">
        {ordered.map((issue, i) => (
          <UnstyledButton
            // biome-ignore lint/suspicious/noArrayIndexKey: issues have no id; the list is rebuilt on every change
            key={i}
            role="listitem"
            px="md"
            py={6}
            onClick={() => props.onJump(issue)}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {issue.type === 'ERROR' ? (
                <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-label="Error" />
              ) : (
                <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" aria-label="Warning" />
              )}
              <Text size="sm">{templateIssueText(issue)}</Text>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
