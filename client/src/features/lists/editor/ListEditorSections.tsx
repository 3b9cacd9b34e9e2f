import { ActionIcon, Alert, Button, Group, Paper, Select, TextInput, Title, Tooltip } from '@mantine/core';
import { LIST_TYPES, type ListType } from '@nomen/shared';
import { IconAlertCircle, IconArrowLeft, IconLink, IconLock, IconMessage2 } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { LockBadge } from '../collab/LockBadge';
import { OfflineBanner } from '../collab/OfflineBanner';
import { APPROVE_RIGHT_NEEDED_MESSAGE, type ListCollaboration } from '../collab/useListCollaboration';
import type { ListMeta } from './listModel';

const TYPE_LABELS: Record<ListType, string> = {
  'drop-down': 'Drop-down',
  'drill-down': 'Drill-down',
  dependent: 'Dependent',
};
const TYPE_OPTIONS = LIST_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));

/**
 * The list editor's header card (spec 02 §2): "Back to lists", the list's name (or "New list"),
 * a lock icon for a template-powered list and, with live collaboration, the review lock's badge.
 */
export function ListEditorHeader({
  title,
  base,
  isPowered,
  templateWord,
  collab,
}: {
  title: string;
  /** Where "Back to lists" goes. */
  base: string;
  isPowered: boolean;
  /** The account's word for a template, capitalised ("Template"). */
  templateWord: string;
  collab: ListCollaboration;
}) {
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" wrap="nowrap">
        <Tooltip label="Back to lists" withArrow>
          <ActionIcon variant="subtle" size="lg" aria-label="Back to lists" onClick={() => navigate(base)}>
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {isPowered ? (
          <Tooltip label={`Powered by a ${templateWord.toLowerCase()}: read-only`} withArrow>
            <IconLock size={18} aria-label="Read-only" />
          </Tooltip>
        ) : null}
        {collab.isLive ? <LockBadge lock={collab.snapshot.lock} userId={collab.actions.userId} /> : null}
      </Group>
    </Paper>
  );
}

/**
 * The notices above the list's form (spec 02 §2, §4, §6): the offline banner under live
 * collaboration, why a template-powered list cannot be edited, and for a non-approver why the grid
 * is read-only and what they can do.
 */
export function ListEditorNotices({
  isPowered,
  templateWord,
  collab,
}: {
  isPowered: boolean;
  templateWord: string;
  collab: ListCollaboration;
}) {
  const word = templateWord.toLowerCase();
  return (
    <>
      {collab.isLive ? (
        <OfflineBanner
          status={collab.snapshot.status}
          error={collab.snapshot.error}
          onRetry={() => window.location.reload()}
        />
      ) : null}
      {isPowered ? (
        <Alert color="blue" icon={<IconLock size={18} aria-hidden />} title={`Powered by a ${word}`}>
          This list’s values come from data submitted through a {word}, so they cannot be edited here.
        </Alert>
      ) : null}
      {collab.isLive && !collab.isApprover && !isPowered ? (
        // Spec 02 §6: say why the grid is read-only and what this user can do.
        <Alert
          color="blue"
          icon={<IconMessage2 size={18} aria-hidden />}
          py="xs"
          data-testid="review-rights-note"
        >
          {APPROVE_RIGHT_NEEDED_MESSAGE}
        </Alert>
      ) : null}
    </>
  );
}

/** Props of ListMetaForm. */
export interface ListMetaFormProps {
  meta: ListMeta;
  onMetaChange: (meta: ListMeta) => void;
  /** "Enter a name for the list" once the blank name was left or saved, else null. */
  nameError: string | null;
  onNameBlur: () => void;
  isReadOnly: boolean;
  isPowered: boolean;
  isSaving: boolean;
  isSaveDisabled: boolean;
  /** Why the review blocks Save (spec 02 §5): Save stays focusable so its tooltip can say it. */
  reviewBlock: string | null;
  onSave: () => void;
  /** Show the link to a template button (spec 02 §2, §6). */
  canLink: boolean;
  /** Opens the link dialog for a type (a powered list's type change opens it too, spec 02 §4). */
  onOpenLink: (type: ListType) => void;
  /** The account's word for a template ("template"). */
  word: string;
}

/**
 * The list's form row (spec 02 §2): name (required), description, type, Save and the link to a
 * template. Changing a powered list's type opens the link dialog instead (spec 02 §4).
 */
export function ListMetaForm(props: ListMetaFormProps) {
  const { meta, onMetaChange, isReadOnly, isPowered, isSaving, reviewBlock } = props;
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <TextInput
        label="Name"
        required
        value={meta.name}
        onChange={(event) => onMetaChange({ ...meta, name: event.currentTarget.value })}
        onBlur={props.onNameBlur}
        error={props.nameError}
        disabled={isReadOnly}
        maxLength={255}
        style={{ flex: 2 }}
      />
      <TextInput
        label="Description"
        value={meta.notes}
        onChange={(event) => onMetaChange({ ...meta, notes: event.currentTarget.value })}
        disabled={isReadOnly}
        maxLength={2000}
        style={{ flex: 3 }}
      />
      <Select
        label="Type"
        data={TYPE_OPTIONS}
        value={meta.type}
        onChange={(value) => {
          if (!value) return;
          // Spec 02 §4: changing the type of a powered list opens the link dialog.
          if (isPowered) props.onOpenLink(value as ListType);
          else onMetaChange({ ...meta, type: value as ListType });
        }}
        allowDeselect={false}
        disabled={isPowered ? !props.canLink || isSaving : isReadOnly}
        w={170}
      />
      <Tooltip label={reviewBlock} disabled={!reviewBlock} withArrow multiline maw={300}>
        <Button
          mt={25}
          onClick={() => {
            if (!reviewBlock) props.onSave();
          }}
          loading={isSaving}
          disabled={!reviewBlock && props.isSaveDisabled}
          data-disabled={reviewBlock ? true : undefined}
          aria-disabled={reviewBlock ? true : undefined}
          aria-description={reviewBlock ?? undefined}
        >
          Save
        </Button>
      </Tooltip>
      {props.canLink ? (
        <Tooltip label="Name the list first" disabled={meta.name.trim() !== ''} withArrow>
          <Button
            mt={25}
            variant="default"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => props.onOpenLink(meta.type)}
            disabled={isSaving || meta.name.trim() === ''}
          >
            {isPowered ? `Change ${props.word} link` : `Link to ${props.word}`}
          </Button>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** The drop-down list notice (spec 02 §5): columns after the first are removed on save. */
export function DropDownColumnsNotice() {
  return (
    <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden />} py="xs">
      Drop-down lists have a single column: the columns after the first are removed when you save.
    </Alert>
  );
}
