import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Group, NumberInput, Select } from '@mantine/core';
import {
  type ClassificationParameterType,
  fieldToggles,
  isTemplateFieldLocked,
  setClassificationParameterType,
  TEMPLATE_GOVERNANCE_LABELS,
  type TemplateField,
  type TemplateFieldId,
  type TemplateFieldMove,
  type TemplateIssue,
  updateTemplateField,
} from '@nomen/shared';
import {
  IconChevronDown,
  IconChevronsDown,
  IconChevronsUp,
  IconChevronUp,
  IconGripVertical,
  IconPencil,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { type ChangeEvent, memo, type ReactNode, useEffect, useState } from 'react';
import { LazyTooltip } from '../../../../ui/LazyTooltip';
import { LightSwitch } from '../../../../ui/LightSwitch';
import { useJumpTarget, useTemplateEditorEnvironment } from '../TemplateEditorContext';
import { CardAction } from './CardAction';
import { deleteBlockedReason, editBlockedReason, templateFieldName } from './fieldCardModel';
import classes from './TemplateFieldCard.module.css';

/** What a card asks its step to do; one stable object for every card. */
export interface FieldCardActions {
  onEdit: (id: TemplateFieldId) => void;
  onDelete: (id: TemplateFieldId) => void;
  onRefresh: (id: TemplateFieldId) => void;
  onMove: (id: TemplateFieldId, move: TemplateFieldMove) => void;
  /** Gives a segment filled from a field-set field its own field again (field-composition.ts). */
  onUnlink: (id: TemplateFieldId) => void;
  /** Fills a segment from the field-set field of its name again. */
  onLink: (id: TemplateFieldId) => void;
}

/** Props of TemplateFieldCard; primitives and stable objects, so the memo skips untouched cards. */
export interface TemplateFieldCardProps {
  field: TemplateField;
  /** 1-based place in the template. */
  position: number;
  /** Number of template fields (the last position). */
  count: number;
  /** The pattern's palette colour for a pattern field and its segment fields, else null. */
  chipColor: string | null;
  /** Where the field comes from: "Field set: …", "Segment of …", "Pattern", "Template". */
  source: string;
  /** ERROR issues about the field (any gives the red left border, spec 03 §2). */
  errorCount: number;
  /** The first issue's text (errors first), or null. */
  issueMessage: string | null;
  issueType: TemplateIssue['type'] | null;
  /** The pattern changed since it was added: refresh is offered (spec 03 §2). */
  isPatternUpdated: boolean;
  /**
   * For a segment filled from another field, where from: "Paid media › Region"; else null. The
   * card says "filled from …" and offers Unlink.
   */
  fillLabel: string | null;
  /** For a segment that is its own field but has a same-named field-set field: that field, offered as Link. */
  linkLabel: string | null;
  /** Classification types another field holds (only one field per type, spec 03 §4). */
  isSourceUrlTaken: boolean;
  isTitleTaken: boolean;
  isReorderMode: boolean;
  actions: FieldCardActions;
}

/**
 * One template field of the govern step (spec 03 §2 "Govern step"): a 108 px card with the
 * field's position and drag handle, its name (with the pattern's colour chip for a pattern field
 * and its segments) and first issue (a segment filled from a same-named field-set field says
 * "filled from Paid media › Region" with Unlink, and one that could be says so with Link), its
 * governance and source, its per-field toggles (visible,
 * required, the read-only unique display, preview image URL, classification source URL / title,
 * each behind its flag) or, in reorder mode, first / up / down / last and a position number, and
 * its refresh, edit and delete actions. An ERROR gives it a red left border; it is the jump target
 * `field:{id}` (highlighted 1 s). Memoised: a change to another field does not re-render it.
 * Built from plain elements styled by its CSS module (and LightSwitch, CardAction) rather than
 * Mantine's Box-based components: the govern step mounts a dozen cards on its first paint and
 * re-renders one per keystroke (bench:templates).
 */
export const TemplateFieldCard = memo(function TemplateFieldCard(props: TemplateFieldCardProps) {
  const { field: tf, position, chipColor, errorCount, isReorderMode, actions, fillLabel } = props;
  const { store, hasFlag } = useTemplateEditorEnvironment();
  const { ref: jumpRef, isHighlighted } = useJumpTarget<HTMLDivElement>(`field:${tf.id}`);
  const sortable = useSortable({ id: tf.id });
  const name = templateFieldName(tf);
  const isLocked = isTemplateFieldLocked(tf);
  const lockedReason = isLocked ? editBlockedReason(tf) : null;
  // A segment filled from a field-set field is hidden and optional: that field is the column.
  const toggleLockedReason =
    lockedReason ??
    (fillLabel !== null ? `Filled from ${fillLabel}; unlink to enter ${name} separately` : null);

  const setRef = (node: HTMLDivElement | null) => {
    sortable.setNodeRef(node);
    jumpRef.current = node;
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the card is a grid of cells; a fieldset does not lay out as one
    <div
      ref={setRef}
      className={classes.card}
      role="group"
      aria-label={`Field ${position}: ${name}`}
      tabIndex={-1}
      data-issue-target={`field:${tf.id}`}
      data-error={errorCount > 0 || undefined}
      data-highlighted={isHighlighted || undefined}
      data-dragging={sortable.isDragging || undefined}
      data-pattern-color={chipColor ?? undefined}
      data-testid="template-field-card"
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      <CardLead name={name} position={position} sortable={sortable} />
      <CardNameCell {...props} name={name} />
      <CardGovernanceCell tf={tf} source={props.source} />
      {isReorderMode ? (
        <MoveControls
          id={tf.id}
          name={name}
          position={position}
          count={props.count}
          onMove={actions.onMove}
        />
      ) : (
        <CardToggles
          tf={tf}
          name={name}
          isLocked={isLocked}
          lockedReason={lockedReason}
          toggleLockedReason={toggleLockedReason}
          toggles={fieldToggles(tf, hasFlag)}
          isSourceUrlTaken={props.isSourceUrlTaken}
          isTitleTaken={props.isTitleTaken}
          store={store}
        />
      )}
      <CardActions tf={tf} name={name} isPatternUpdated={props.isPatternUpdated} actions={actions} />
    </div>
  );
});

/** The card's lead cell: the drag handle (named "Drag to reorder …") and the position number. */
function CardLead(props: { name: string; position: number; sortable: ReturnType<typeof useSortable> }) {
  const { attributes, listeners, setActivatorNodeRef } = props.sortable;
  return (
    <div className={classes.lead}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder ${props.name}`}
      >
        <IconGripVertical size={18} aria-hidden />
      </button>
      <span className={classes.dim} aria-hidden>
        {props.position}
      </span>
    </div>
  );
}

/**
 * The card's name cell (spec 03 §2): the pattern colour chip and name, the subtitle or the
 * "filled from …" line with Unlink or the Link offer, and the first issue.
 */
function CardNameCell(props: TemplateFieldCardProps & { name: string }) {
  const { field: tf, chipColor, name, issueMessage } = props;
  return (
    <div className={classes.cell}>
      <div className={classes.nameRow}>
        {chipColor ? (
          <span
            className={classes.chip}
            style={{ backgroundColor: chipColor }}
            role="img"
            aria-label={`Pattern colour ${chipColor}`}
            data-testid="pattern-color-chip"
          />
        ) : null}
        <span className={classes.name} title={name}>
          {name}
        </span>
      </div>
      <FillLine
        tf={tf}
        name={name}
        fillLabel={props.fillLabel}
        linkLabel={props.linkLabel}
        actions={props.actions}
      />
      {issueMessage ? (
        <span className={classes.issue} data-type={props.issueType ?? undefined} title={issueMessage}>
          {issueMessage}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The line under the name: "filled from …" with Unlink for a segment filled from a field-set
 * field, the subtitle with "Link to …" for one that could be, else the subtitle alone.
 */
function FillLine(props: {
  tf: TemplateField;
  name: string;
  fillLabel: string | null;
  linkLabel: string | null;
  actions: FieldCardActions;
}) {
  const { tf, name, fillLabel, linkLabel, actions } = props;
  if (fillLabel !== null)
    return (
      <span className={classes.fillRow}>
        <span className={classes.dim} title={`filled from ${fillLabel}`}>
          filled from {fillLabel}
        </span>
        <button
          type="button"
          className={classes.textButton}
          aria-label={`Unlink ${name} from ${fillLabel}`}
          title={`Give ${name} its own field again`}
          onClick={() => actions.onUnlink(tf.id)}
        >
          Unlink
        </button>
      </span>
    );
  if (linkLabel !== null)
    return (
      <span className={classes.fillRow}>
        <span className={classes.dim}>{subtitle(tf)}</span>
        <button
          type="button"
          className={classes.textButton}
          aria-label={`Fill ${name} from ${linkLabel}`}
          title={`Fill ${name} from ${linkLabel}: one column instead of two`}
          onClick={() => actions.onLink(tf.id)}
        >
          Link to {linkLabel}
        </button>
      </span>
    );
  return <span className={classes.dim}>{subtitle(tf)}</span>;
}

/** The card's governance cell: the governance badge (red for variable or none) and the source. */
function CardGovernanceCell({ tf, source }: { tf: TemplateField; source: string }) {
  const governance = tf.governance_type ? TEMPLATE_GOVERNANCE_LABELS[tf.governance_type] : 'No governance';
  return (
    <div className={classes.cell}>
      <span
        className={classes.badge}
        data-tone={tf.governance_type === 'variable' || tf.governance_type === null ? 'red' : undefined}
      >
        {governance}
      </span>
      <span className={classes.dim} title={source}>
        {source}
      </span>
    </div>
  );
}

/**
 * The card's per-field toggles (spec 03 §2): visible and required (disabled while locked or
 * filled from another field), the read-only unique display, preview image URL and the
 * classification choice, each behind its flag.
 */
function CardToggles(props: {
  tf: TemplateField;
  name: string;
  isLocked: boolean;
  lockedReason: string | null;
  toggleLockedReason: string | null;
  toggles: ReturnType<typeof fieldToggles>;
  isSourceUrlTaken: boolean;
  isTitleTaken: boolean;
  store: ReturnType<typeof useTemplateEditorEnvironment>['store'];
}) {
  const { tf, name, isLocked, lockedReason, toggleLockedReason, toggles, store } = props;
  // Read before the update: React may reuse the event.
  const onToggle =
    (key: 'visible_on_form' | 'required' | 'is_preview_url') => (event: ChangeEvent<HTMLInputElement>) => {
      const checked = event.currentTarget.checked;
      store.update((draft) => updateTemplateField(draft, tf.id, (f) => ({ ...f, [key]: checked })));
    };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of switches in a grid cell, named for screen readers
    <div className={classes.toggles} role="group" aria-label={`Settings of ${name}`}>
      <LockedTooltip reason={toggleLockedReason}>
        <LightSwitch
          label="Visible"
          aria-label={`Visible on form: ${name}`}
          checked={tf.visible_on_form}
          disabled={toggleLockedReason !== null}
          onChange={onToggle('visible_on_form')}
        />
      </LockedTooltip>
      <LockedTooltip reason={toggleLockedReason}>
        <LightSwitch
          label="Required"
          aria-label={`Required: ${name}`}
          checked={tf.required}
          disabled={toggleLockedReason !== null}
          onChange={onToggle('required')}
        />
      </LockedTooltip>
      {toggles.unique ? (
        <LazyTooltip label="Read-only: uniqueness is set on the field set or pattern" withArrow>
          <span>
            <LightSwitch
              label="Unique"
              aria-label={`Unique: ${name}`}
              checked={tf.must_be_unique}
              readOnly
              disabled
            />
          </span>
        </LazyTooltip>
      ) : null}
      {toggles.previewUrl ? (
        <LockedTooltip reason={lockedReason}>
          <LightSwitch
            label="Preview image URL"
            aria-label={`Use as preview image URL: ${name}`}
            checked={tf.is_preview_url}
            disabled={isLocked}
            onChange={onToggle('is_preview_url')}
          />
        </LockedTooltip>
      ) : null}
      {toggles.classification ? (
        <ClassificationChoice
          name={name}
          value={tf.classification_parameter_type}
          isSourceUrlTaken={props.isSourceUrlTaken}
          isTitleTaken={props.isTitleTaken}
          isDisabled={isLocked}
          onChange={(kind) => store.update((draft) => setClassificationParameterType(draft, tf.id, kind))}
        />
      ) : null}
    </div>
  );
}

/** The card's actions (spec 03 §2): refresh when the pattern changed, edit and delete. */
function CardActions(props: {
  tf: TemplateField;
  name: string;
  isPatternUpdated: boolean;
  actions: FieldCardActions;
}) {
  const { tf, name, actions } = props;
  return (
    <div className={classes.actions}>
      {props.isPatternUpdated ? (
        <CardAction
          label={`Refresh ${name}`}
          tooltip="The pattern changed: pull its new segments"
          icon={<IconRefresh size={18} aria-hidden />}
          color="blue"
          onClick={() => actions.onRefresh(tf.id)}
        />
      ) : null}
      <CardAction
        label={`Edit ${name}`}
        tooltip="Edit"
        icon={<IconPencil size={18} aria-hidden />}
        disabledReason={editBlockedReason(tf)}
        onClick={() => actions.onEdit(tf.id)}
      />
      <CardAction
        label={`Delete ${name}`}
        tooltip="Delete"
        icon={<IconTrash size={18} aria-hidden />}
        color="red"
        disabledReason={deleteBlockedReason(tf)}
        onClick={() => actions.onDelete(tf.id)}
      />
    </div>
  );
}

/** The second line under a field's name: what kind of template field it is. */
function subtitle(tf: TemplateField): string {
  if (tf.field.is_pattern)
    return `${tf.segments.length} ${tf.segments.length === 1 ? 'segment' : 'segments'}`;
  if (tf.governance_type === 'cv_id') return 'Hidden identifier of each row';
  if (!tf.visible_on_form) return 'Hidden on the form';
  return tf.required ? 'Required on the form' : 'Optional on the form';
}

/** Wraps a control of a locked field in the tooltip saying why it is disabled (spec 03 §2). */
function LockedTooltip({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return children;
  return (
    <LazyTooltip label={reason} withArrow>
      <span>{children}</span>
    </LazyTooltip>
  );
}

/**
 * The creative classification mark of a field (spec 03 §2): not classified, source URL or title; a
 * type another field holds is offered disabled and says so (spec 03 §4 one field per type).
 */
function ClassificationChoice(props: {
  name: string;
  value: ClassificationParameterType | null;
  isSourceUrlTaken: boolean;
  isTitleTaken: boolean;
  isDisabled: boolean;
  onChange: (kind: ClassificationParameterType | null) => void;
}) {
  return (
    <Select
      size="xs"
      w={190}
      aria-label={`Creative classification: ${props.name}`}
      placeholder="Not classified"
      clearable
      disabled={props.isDisabled}
      value={props.value}
      onChange={(next) => props.onChange((next ?? null) as ClassificationParameterType | null)}
      comboboxProps={{ withinPortal: true }}
      data={[
        {
          value: 'SOURCE_URL',
          label: props.isSourceUrlTaken ? 'Source URL (another field)' : 'Source URL',
          disabled: props.isSourceUrlTaken,
        },
        {
          value: 'TITLE',
          label: props.isTitleTaken ? 'Title (another field)' : 'Title',
          disabled: props.isTitleTaken,
        },
      ]}
    />
  );
}

/**
 * Reorder mode's controls (spec 03 §2 "move to first, up, down, last, or pick a position number"):
 * four buttons, disabled with a tooltip at the ends, and a position input applied on Enter or blur.
 */
function MoveControls(props: {
  id: TemplateFieldId;
  name: string;
  position: number;
  count: number;
  onMove: (id: TemplateFieldId, move: TemplateFieldMove) => void;
}) {
  const { id, name, position, count, onMove } = props;
  const [typed, setTyped] = useState<string | number>(position);
  useEffect(() => setTyped(position), [position]);
  const isFirst = position === 1;
  const isLast = position === count;
  const apply = () => {
    const target = Number(typed);
    if (!Number.isInteger(target) || target < 1) {
      setTyped(position);
      return;
    }
    if (target !== position) onMove(id, { position: Math.min(target, count) });
    else setTyped(position);
  };
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={`Move ${name}`}>
      <CardAction
        label={`Move ${name} to first`}
        tooltip="Move to first"
        icon={<IconChevronsUp size={18} aria-hidden />}
        disabledReason={isFirst ? 'Already first' : null}
        onClick={() => onMove(id, 'first')}
      />
      <CardAction
        label={`Move ${name} up`}
        tooltip="Move up"
        icon={<IconChevronUp size={18} aria-hidden />}
        disabledReason={isFirst ? 'Already first' : null}
        onClick={() => onMove(id, 'up')}
      />
      <CardAction
        label={`Move ${name} down`}
        tooltip="Move down"
        icon={<IconChevronDown size={18} aria-hidden />}
        disabledReason={isLast ? 'Already last' : null}
        onClick={() => onMove(id, 'down')}
      />
      <CardAction
        label={`Move ${name} to last`}
        tooltip="Move to last"
        icon={<IconChevronsDown size={18} aria-hidden />}
        disabledReason={isLast ? 'Already last' : null}
        onClick={() => onMove(id, 'last')}
      />
      <NumberInput
        size="xs"
        w={76}
        min={1}
        max={count}
        allowDecimal={false}
        allowNegative={false}
        aria-label={`Position of ${name}`}
        value={typed}
        onChange={setTyped}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </Group>
  );
}
