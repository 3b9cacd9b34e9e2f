import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Select, Text, TextInput, Tooltip } from '@mantine/core';
import {
  type LinkParameter,
  linkParameterTarget,
  type TemplateField,
  URL_ENCODINGS,
  URL_NAME_ENCODINGS,
} from '@nomen/shared';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import classes from './LinkParameters.module.css';

/** Labels of the value encodings (spec 03 §3, §9; wording ours). */
export const URL_ENCODING_LABELS: Record<(typeof URL_ENCODINGS)[number], string> = {
  dynamic: 'Dynamic',
  standard: 'Standard',
};

/** Labels of the name encodings (spec 03 §3, §9; wording ours). */
export const URL_NAME_ENCODING_LABELS: Record<(typeof URL_NAME_ENCODINGS)[number], string> = {
  encoded: 'Encoded',
  not_encoded: 'Not encoded',
};

const ENCODING_DATA = URL_ENCODINGS.map((value) => ({ value, label: URL_ENCODING_LABELS[value] }));
const NAME_ENCODING_DATA = URL_NAME_ENCODINGS.map((value) => ({
  value,
  label: URL_NAME_ENCODING_LABELS[value],
}));

/** Props of LinkParameterRow. */
export interface LinkParameterRowProps {
  parameter: LinkParameter;
  /** 1-based place in the list. */
  position: number;
  /** Choices of the field select: value is the template field id. */
  fieldData: readonly { value: string; label: string }[];
  /** The template field the parameter names, or null. */
  field: TemplateField | null;
  nameError?: string;
  fieldError?: string;
  showNameEncoding: boolean;
  onChange: (
    id: LinkParameter['id'],
    patch: Partial<Pick<LinkParameter, 'name' | 'url_encoding' | 'url_name_encoding'>>,
  ) => void;
  onFieldChange: (id: LinkParameter['id'], templateFieldId: string | null) => void;
  onRemove: (parameter: LinkParameter, position: number) => void;
}

/**
 * One link parameter in the link drawer (spec 03 §2, §3): drag handle (mouse, or keyboard: Space,
 * arrows, Space), position, name, field (template fields), value encoding and, with the
 * url-name-encoding-option flag, name encoding; remove. Errors show under the name or field.
 * Memoised: typing in one row re-renders that row only.
 */
export const LinkParameterRow = memo(function LinkParameterRow(props: LinkParameterRowProps) {
  const { parameter, position, field, showNameEncoding, onChange, onFieldChange, onRemove } = props;
  const id = parameter.id ?? `row-${position}`;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const label = parameter.name.trim() || `parameter ${position}`;
  return (
    <li
      ref={setNodeRef}
      className={`${classes.row} ${showNameEncoding ? classes.withNameEncoding : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging || undefined}
      data-testid="link-parameter"
      aria-label={`Parameter ${position}: ${label}`}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        size="md"
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${label}`}
      >
        <IconGripVertical size={16} aria-hidden />
      </ActionIcon>
      <Text size="sm" c="dimmed" className={classes.position} aria-hidden>
        {position}
      </Text>
      <TextInput
        aria-label={`Name of parameter ${position}`}
        placeholder="Parameter name"
        maxLength={255}
        value={parameter.name}
        error={props.nameError}
        data-link-target={linkParameterTarget(parameter.id, 'name')}
        onChange={(event) => onChange(parameter.id, { name: event.currentTarget.value })}
      />
      <Select
        aria-label={`Field of parameter ${position}`}
        placeholder="Choose a field"
        searchable
        nothingFoundMessage="No field of this template matches"
        data={props.fieldData as { value: string; label: string }[]}
        value={field ? String(field.id) : null}
        error={props.fieldError}
        data-link-target={linkParameterTarget(parameter.id, 'field')}
        onChange={(value) => onFieldChange(parameter.id, value)}
      />
      <EncodingSelects
        parameter={parameter}
        position={position}
        showNameEncoding={showNameEncoding}
        onChange={onChange}
      />
      <Tooltip label="Remove this parameter" withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          size="md"
          mt={4}
          aria-label={`Remove ${label}`}
          onClick={() => onRemove(parameter, position)}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </li>
  );
});

/**
 * A parameter's value encoding and, with the url-name-encoding-option flag, its name encoding
 * (spec 03 §3 url_encoding, url_name_encoding; §6).
 */
function EncodingSelects(
  props: Pick<LinkParameterRowProps, 'parameter' | 'position' | 'showNameEncoding' | 'onChange'>,
) {
  const { parameter, position, onChange } = props;
  return (
    <>
      <Select
        aria-label={`Value encoding of parameter ${position}`}
        data={ENCODING_DATA}
        allowDeselect={false}
        value={parameter.url_encoding}
        onChange={(value) =>
          value && onChange(parameter.id, { url_encoding: value as LinkParameter['url_encoding'] })
        }
      />
      {props.showNameEncoding ? (
        <Select
          aria-label={`Name encoding of parameter ${position}`}
          data={NAME_ENCODING_DATA}
          allowDeselect={false}
          value={parameter.url_name_encoding}
          onChange={(value) =>
            value &&
            onChange(parameter.id, { url_name_encoding: value as LinkParameter['url_name_encoding'] })
          }
        />
      ) : null}
    </>
  );
}
