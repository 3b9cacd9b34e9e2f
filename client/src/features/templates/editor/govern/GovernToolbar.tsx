import { Badge, Button, Group, UnstyledButton } from '@mantine/core';
import { canAddLinkField, type Fieldset, type Pattern, type TemplateIssue } from '@nomen/shared';
import { IconArrowsSort, IconCircleCheck, IconLink, IconTableShortcut } from '@tabler/icons-react';
import { LazyTooltip } from '../../../../ui/LazyTooltip';
import { useTemplateEditor, useTemplateIssuesSelector } from '../TemplateEditorContext';
import { AddFieldsetFieldsPicker } from './AddFieldsetFieldsPicker';
import { AddPatternPicker } from './AddPatternPicker';

/** Props of GovernToolbar. */
export interface GovernToolbarProps {
  onAddPattern: (pattern: Pattern) => void;
  onAddFields: (fieldset: Fieldset, fieldIds: number[]) => void;
  onAddLink: () => void;
  /** Jumps to the first error (the badge's action). */
  onShowFirstError: () => void;
  /** Opens the dataset preview (spec 03 §2). */
  onPreview: () => void;
  isReorderMode: boolean;
  onReorderModeChange: (on: boolean) => void;
}

/**
 * The govern step's toolbar (spec 03 §2 "Toolbar"): the add-pattern and add-field pickers, add
 * link (disabled, with a tooltip, when the template has its link field), the validation badge with
 * the template's error count (a click jumps to the first error), the preview button (disabled,
 * with a tooltip, while errors exist) and the reorder-mode toggle.
 */
export function GovernToolbar(props: GovernToolbarProps) {
  const canAddLink = useTemplateEditor((s) => canAddLinkField(s.draft));
  return (
    <Group justify="space-between" role="toolbar" aria-label="Govern actions">
      <Group gap="sm">
        <AddPatternPicker onAdd={props.onAddPattern} />
        <AddFieldsetFieldsPicker onAdd={props.onAddFields} />
        <LazyTooltip
          label={
            canAddLink ? 'Add the link field and build its link' : 'The template already has its link field'
          }
          withArrow
        >
          <Button
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            aria-disabled={!canAddLink || undefined}
            data-disabled={!canAddLink || undefined}
            onClick={(event) => {
              if (!canAddLink) {
                event.preventDefault();
                return;
              }
              props.onAddLink();
            }}
          >
            Add link
          </Button>
        </LazyTooltip>
      </Group>
      <Group gap="sm">
        <ValidationBadge onShowFirstError={props.onShowFirstError} />
        <PreviewButton onPreview={props.onPreview} />
        <Button
          variant={props.isReorderMode ? 'filled' : 'default'}
          leftSection={<IconArrowsSort size={16} aria-hidden />}
          aria-pressed={props.isReorderMode}
          onClick={() => props.onReorderModeChange(!props.isReorderMode)}
        >
          Reorder mode
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The preview button (spec 03 §2 "a preview button (disabled when errors exist)"): opens the
 * dataset preview of the template as it is being edited.
 */
function PreviewButton({ onPreview }: { onPreview: () => void }) {
  const errors = useTemplateIssuesSelector(countErrors);
  const reason = errors > 0 ? `Fix ${errors === 1 ? 'the error' : `the ${errors} errors`} to preview` : null;
  return (
    <LazyTooltip label={reason ?? 'Try the submission table of this template; nothing is saved'} withArrow>
      <Button
        variant="default"
        leftSection={<IconTableShortcut size={16} aria-hidden />}
        aria-disabled={reason !== null || undefined}
        data-disabled={reason !== null || undefined}
        aria-description={reason ?? undefined}
        onClick={(event) => {
          if (reason) {
            event.preventDefault();
            return;
          }
          onPreview();
        }}
      >
        Preview
      </Button>
    </LazyTooltip>
  );
}

/** The number of ERROR issues. */
const countErrors = (issues: readonly TemplateIssue[]) => issues.filter((i) => i.type === 'ERROR').length;

/**
 * The validation badge (spec 03 §2 "a validation badge with the error count"): the template's
 * ERROR count, red, a click jumping to the first error of this step; green "No errors" otherwise.
 * Its own component, so only it re-renders when the issues change.
 */
function ValidationBadge({ onShowFirstError }: { onShowFirstError: () => void }) {
  const errors = useTemplateIssuesSelector(countErrors);
  if (errors === 0)
    return (
      <Badge
        color="green"
        variant="light"
        size="lg"
        leftSection={<IconCircleCheck size={14} aria-hidden />}
        data-testid="validation-badge"
      >
        No errors
      </Badge>
    );
  const label = `${errors} ${errors === 1 ? 'error' : 'errors'}`;
  return (
    <LazyTooltip label="Show the first error" withArrow>
      <UnstyledButton onClick={onShowFirstError} aria-label={`${label}: show the first`}>
        <Badge color="red" variant="filled" size="lg" data-testid="validation-badge">
          {label}
        </Badge>
      </UnstyledButton>
    </LazyTooltip>
  );
}
