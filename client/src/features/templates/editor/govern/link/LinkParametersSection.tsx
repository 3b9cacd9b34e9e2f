import {
  closestCenter,
  DndContext,
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
  type TemplateField,
  templateFieldChoiceLabel,
} from '@nomen/shared';
import { IconInfoCircle, IconLink, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useFieldsetNames } from '../useFieldsetNames';
import { LinkParameterRow } from './LinkParameterRow';
import classes from './LinkParameters.module.css';
import { LinkPreview } from './LinkPreview';
import { announcements, rowId } from './linkParameterOrder';
import { type LinkParameterEdits, useLinkParameterEdits } from './useLinkParameterEdits';

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
  const edits = useLinkParameterEdits(onChange, sources);

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
          <ParametersHeader showNameEncoding={showNameEncoding} />
          <SortableParameters
            parameters={parameters}
            fields={fields}
            fieldData={fieldData}
            errors={errors}
            showNameEncoding={showNameEncoding}
            edits={edits}
          />
        </>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => edits.setParameters((list) => addLinkParameter(list))}
        >
          Add parameter
        </Button>
      </Group>
    </Stack>
  );
}

/** The column headings over the parameter rows, hidden from screen readers (each input is named). */
function ParametersHeader({ showNameEncoding }: { showNameEncoding: boolean }) {
  return (
    <div className={`${classes.header} ${showNameEncoding ? classes.withNameEncoding : ''}`} aria-hidden>
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
  );
}

/**
 * The parameter rows as an ordered list named "Link parameters", reordered by dragging a row's
 * handle with the mouse or the keyboard, with spoken announcements (spec 03 §2).
 */
function SortableParameters(props: {
  parameters: readonly LinkParameter[];
  fields: readonly TemplateField[];
  fieldData: readonly { value: string; label: string }[];
  errors: ReadonlyMap<string, string>;
  showNameEncoding: boolean;
  edits: LinkParameterEdits;
}) {
  const { parameters, fields, errors, edits } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={edits.onDragEnd}
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
              fieldData={props.fieldData}
              field={linkParameterField(fields, parameter)}
              nameError={errors.get(linkParameterTarget(parameter.id, 'name'))}
              fieldError={errors.get(linkParameterTarget(parameter.id, 'field'))}
              showNameEncoding={props.showNameEncoding}
              onChange={edits.onRowChange}
              onFieldChange={edits.onFieldChange}
              onRemove={edits.onRemove}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
