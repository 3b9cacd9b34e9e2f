import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, EmptyState, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  addLinkParameter,
  type LinkDrawerDraft,
  type LinkParameter,
  linkParameterField,
  linkParameterTarget,
  linkPatternPreview,
  linkSourceFields,
  moveLinkParameter,
  removeLinkParameter,
  type TemplateField,
  templateFieldChoiceLabel,
  updateLinkParameter,
  withParameterField,
} from '@nomen/shared';
import { IconInfoCircle, IconLink, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { confirmAction } from '../../../../../ui/confirmAction';
import { useFieldsetNames } from '../useFieldsetNames';
import { LinkParameterRow } from './LinkParameterRow';
import classes from './LinkParameters.module.css';
import { LinkPreview } from './LinkPreview';

/** Props of LinkParametersSection. */
export interface LinkParametersSectionProps {
  draft: LinkDrawerDraft;
  onChange: (recipe: (draft: LinkDrawerDraft) => LinkDrawerDraft) => void;
  fields: readonly TemplateField[];
  /** Error messages by input target (`parameter:{id}:name|field`). */
  errors: ReadonlyMap<string, string>;
  /** Whether the account has url-name-encoding-option (spec 03 §6). */
  showNameEncoding: boolean;
}

function rowId(parameter: LinkParameter, index: number): string | number {
  return parameter.id ?? `row-${index + 1}`;
}

function announcements(parameters: readonly LinkParameter[]): Announcements {
  const place = (id: string | number) =>
    parameters.findIndex((p, i) => String(rowId(p, i)) === String(id)) + 1;
  const name = (id: string | number) => parameters[place(id) - 1]?.name.trim() || `parameter ${place(id)}`;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${name(active.id)}, parameter ${place(active.id)} of ${parameters.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over position ${place(over.id)} of ${parameters.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped at position ${place(over.id)} of ${parameters.length}.`
        : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

/**
 * The link parameter editor of the link drawer (spec 03 §2 "drag-to-reorder list, an
 * add-parameter button, and a live preview of the link pattern"): the preview, then one row per
 * parameter, reordered by dragging a row's handle with the mouse or the keyboard. Removing a
 * parameter with a name or a field asks first. Empty: a short explanation and the add button.
 */
export function LinkParametersSection({
  draft,
  onChange,
  fields,
  errors,
  showNameEncoding,
}: LinkParametersSectionProps) {
  const parameters = draft.parameters;
  const sources = useMemo(() => linkSourceFields(fields), [fields]);
  const fieldsetNames = useFieldsetNames();
  const fieldData = useMemo(
    () =>
      sources.map((tf) => ({
        value: String(tf.id),
        label: templateFieldChoiceLabel(tf, fields, fieldsetNames),
      })),
    [sources, fields, fieldsetNames],
  );
  const preview = useMemo(
    () =>
      linkPatternPreview({
        parameters,
        fields,
        domainRestrictions: draft.link_governance.domain_restrictions,
      }),
    [parameters, fields, draft.link_governance.domain_restrictions],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const setParameters = useCallback(
    (recipe: (parameters: LinkParameter[]) => LinkParameter[]) =>
      onChange((d) => ({ ...d, parameters: recipe(d.parameters) })),
    [onChange],
  );
  const onRowChange = useCallback(
    (id: LinkParameter['id'], patch: Partial<LinkParameter>) =>
      setParameters((list) => updateLinkParameter(list, id, (p) => ({ ...p, ...patch }))),
    [setParameters],
  );
  const onFieldChange = useCallback(
    (id: LinkParameter['id'], templateFieldId: string | null) => {
      const tf =
        templateFieldId === null ? null : (sources.find((f) => String(f.id) === templateFieldId) ?? null);
      setParameters((list) => updateLinkParameter(list, id, (p) => withParameterField(p, tf)));
    },
    [setParameters, sources],
  );
  const onRemove = useCallback(
    async (parameter: LinkParameter, position: number) => {
      const isEmpty =
        parameter.name.trim() === '' && parameter.field_id === null && parameter.template_field_id === null;
      if (!isEmpty) {
        const confirmed = await confirmAction({
          title: 'Remove this parameter?',
          message: `Parameter ${position} (${parameter.name.trim() || 'no name'}) leaves the link.`,
          confirmLabel: 'Remove',
        });
        if (!confirmed) return;
      }
      setParameters((list) => removeLinkParameter(list, parameter.id));
    },
    [setParameters],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      setParameters((list) =>
        moveLinkParameter(list, active.id as LinkParameter['id'], over.id as LinkParameter['id']),
      );
  };

  return (
    <Stack gap="sm">
      <LinkPreview preview={preview} />
      {parameters.length === 0 ? (
        <EmptyState
          py="md"
          icon={<IconLink size={28} aria-hidden />}
          title="No link parameters yet"
          description="Parameters add name=[field] pairs to the link's query string, e.g. utm_source=[Source]."
        />
      ) : (
        <>
          <div
            className={`${classes.header} ${showNameEncoding ? classes.withNameEncoding : ''}`}
            aria-hidden
          >
            <span />
            <Text size="xs" c="dimmed" ta="center">
              #
            </Text>
            <Text size="xs" c="dimmed">
              Name
            </Text>
            <Text size="xs" c="dimmed">
              Field
            </Text>
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                Value encoding
              </Text>
              <Tooltip
                multiline
                w={280}
                withArrow
                label="Dynamic encodes a value only where it needs it and keeps what is already encoded; Standard percent-encodes every value."
              >
                <IconInfoCircle size={14} aria-hidden />
              </Tooltip>
            </Group>
            {showNameEncoding ? (
              <Text size="xs" c="dimmed">
                Name encoding
              </Text>
            ) : null}
            <span />
          </div>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements: announcements(parameters),
              screenReaderInstructions: {
                draggable:
                  'To move a parameter, press Space or Enter to pick it up, use the arrow keys to move it, and press Space or Enter again to drop it. Press Escape to cancel.',
              },
            }}
          >
            <SortableContext items={parameters.map(rowId)} strategy={verticalListSortingStrategy}>
              <ol className={classes.list} aria-label="Link parameters">
                {parameters.map((parameter, index) => (
                  <LinkParameterRow
                    key={rowId(parameter, index)}
                    parameter={parameter}
                    position={index + 1}
                    fieldData={fieldData}
                    field={linkParameterField(fields, parameter)}
                    nameError={errors.get(linkParameterTarget(parameter.id, 'name'))}
                    fieldError={errors.get(linkParameterTarget(parameter.id, 'field'))}
                    showNameEncoding={showNameEncoding}
                    onChange={onRowChange}
                    onFieldChange={onFieldChange}
                    onRemove={onRemove}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setParameters((list) => addLinkParameter(list))}
        >
          Add parameter
        </Button>
      </Group>
    </Stack>
  );
}
