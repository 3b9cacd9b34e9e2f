import { Accordion, ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  INTEGRATION_MESSAGES,
  type IntegrationAssignmentId,
  type IntegrationIssue,
  integrationFor,
  integrationMessageText,
  isKnownIntegrationSlug,
  isMissingSettingIssue,
  isPullableSlug,
  type TemplateIssue,
} from '@nomen/shared';
import { IconTrash } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { useJumpTarget, useTemplateIssues } from '../TemplateEditorContext';
import { IntegrationForm } from './IntegrationForm';
import { IntegrationLogo } from './IntegrationLogo';
import { LastRuns } from './LastRuns';
import { SyncNow } from './SyncNow';
import { useIntegration, useIntegrationEditing } from './useIntegrationEditing';

/** Whether a template issue is one of the connect step's integration issues. */
function isIntegrationIssue(issue: TemplateIssue): issue is TemplateIssue & IntegrationIssue {
  return (
    issue.integrationId !== undefined && issue.step === 'connect' && issue.messageId in INTEGRATION_MESSAGES
  );
}

/**
 * The issues of one integration, the same array while they do not change, so that its form does
 * not re-render when another part of the template changes.
 */
function useIntegrationIssues(id: IntegrationAssignmentId): readonly IntegrationIssue[] {
  const all = useTemplateIssues();
  const own = all.filter(
    (issue) => isIntegrationIssue(issue) && issue.integrationId === id,
  ) as IntegrationIssue[];
  const key = JSON.stringify(own);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `own`'s content
  return useMemo(() => own, [key]);
}

/**
 * One integration of the connect step (spec 03 §2 "Each integration is an expandable panel with its
 * type logo, type name, assignment name and a delete icon"): a header that toggles the panel, a
 * count of its errors and warnings, the delete icon (spec 03 §8 confirmations), and, when open, its
 * configuration form. An integration still lacking settings shows "Not ready" (its tooltip names
 * what is missing; it is saved so, and does not run: shared/src/integrations/readiness.ts); its
 * missing settings are not counted as warnings. The panel is the jump target of its issues (`integration:{id}`): a jump from
 * the notification popover scrolls to it and highlights it for 1 s.
 */
export const IntegrationPanel = memo(function IntegrationPanel(props: { id: IntegrationAssignmentId }) {
  const assignment = useIntegration(props.id);
  const editing = useIntegrationEditing(props.id);
  const issues = useIntegrationIssues(props.id);
  const targetKey = `integration:${String(props.id)}`;
  const { ref, isHighlighted } = useJumpTarget<HTMLDivElement>(targetKey);
  if (!assignment) return null;
  const definition = integrationFor(assignment.slug);
  const typeName = isKnownIntegrationSlug(assignment.slug)
    ? definition.label
    : `${assignment.slug} (email output form)`;
  const name = assignment.name.trim() || definition.label;
  const errors = issues.filter((i) => i.type === 'ERROR').length;
  const notReady = issues.find((i) => i.messageId === 'integrationNotReady');
  const warnings = issues.filter(
    (i) => i.type === 'WARNING' && i !== notReady && !isMissingSettingIssue(i),
  ).length;
  return (
    <Accordion.Item
      value={String(props.id)}
      ref={ref}
      tabIndex={-1}
      data-issue-target={targetKey}
      data-highlighted={isHighlighted || undefined}
      aria-label={`${typeName}: ${name}`}
      style={{
        borderLeft: `4px solid ${errors > 0 ? 'var(--mantine-color-red-6)' : 'transparent'}`,
        outline: isHighlighted ? '2px solid var(--mantine-color-orange-5)' : undefined,
        backgroundColor: isHighlighted ? 'var(--mantine-color-orange-0)' : undefined,
        transition: 'background-color 200ms, outline-color 200ms',
      }}
    >
      <Group wrap="nowrap" gap={0} pr="xs">
        <Accordion.Control>
          <PanelSummary
            definition={definition}
            typeName={typeName}
            name={name}
            isSupplemental={assignment.integration_type === 'SUPPLEMENTAL'}
            notReady={notReady}
            errors={errors}
            warnings={warnings}
          />
        </Accordion.Control>
        <Tooltip label={`Delete ${name}`}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Delete ${name}`}
            onClick={() => void editing.remove()}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Accordion.Panel>
        <IntegrationForm assignment={assignment} definition={definition} editing={editing} issues={issues} />
        {typeof assignment.id === 'number' && assignment.integration_type === 'OUTPUT' ? (
          <LastRuns assignmentId={assignment.id} />
        ) : null}
        {typeof assignment.id === 'number' &&
        assignment.integration_type === 'INPUT' &&
        isPullableSlug(assignment.slug) ? (
          <>
            <SyncNow
              assignmentId={assignment.id}
              notReady={notReady ? integrationMessageText(notReady.messageId, notReady.params) : undefined}
            />
            <LastRuns assignmentId={assignment.id} direction="INPUT" />
          </>
        ) : null}
      </Accordion.Panel>
    </Accordion.Item>
  );
});

/**
 * The panel header's summary (spec 03 §2): the type's logo, type name and assignment name, then
 * the Supplemental, Not ready (its tooltip names what is missing), error and warning badges.
 */
function PanelSummary(props: {
  definition: ReturnType<typeof integrationFor>;
  typeName: string;
  name: string;
  isSupplemental: boolean;
  notReady: IntegrationIssue | undefined;
  errors: number;
  warnings: number;
}) {
  const { notReady, errors, warnings } = props;
  return (
    <Group wrap="nowrap" gap="sm">
      <IntegrationLogo definition={props.definition} />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="xs" c="dimmed" truncate>
          {props.typeName}
        </Text>
        <Text size="sm" fw={500} truncate>
          {props.name}
        </Text>
      </Stack>
      {props.isSupplemental ? (
        <Tooltip label="Supplements the template's links; listed with the outbound integrations">
          <Badge color="gray" variant="outline" size="sm">
            Supplemental
          </Badge>
        </Tooltip>
      ) : null}
      {notReady ? (
        <Tooltip label={integrationMessageText(notReady.messageId, notReady.params)} multiline maw={320}>
          <Badge color="orange" variant="light" size="sm">
            Not ready
          </Badge>
        </Tooltip>
      ) : null}
      {errors > 0 ? (
        <Badge color="red" variant="light" size="sm">
          {errors} {errors === 1 ? 'error' : 'errors'}
        </Badge>
      ) : null}
      {warnings > 0 ? (
        <Badge color="yellow" variant="light" size="sm">
          {warnings} {warnings === 1 ? 'warning' : 'warnings'}
        </Badge>
      ) : null}
    </Group>
  );
}
