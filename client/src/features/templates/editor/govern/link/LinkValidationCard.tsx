import {
  ActionIcon,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  isLinkValidationConfigured,
  LINK_VALIDATION_TYPES,
  type LinkValidation,
  linkValidationOptionLabel,
  linkValidationTarget,
  linkValidationValueKeys,
  linkValidationValueLabel,
  REPORT_SUITE_MODE_LABELS,
  REPORT_SUITE_MODES,
  REPORT_SUITE_OPTION,
  type ReportSuiteMode,
  reportSuiteModeOf,
  withLinkValidationEnabled,
  withLinkValidationValue,
  withReportSuiteMode,
} from '@nomen/shared';
import { IconCircleCheck, IconCircleDashed, IconTrash } from '@tabler/icons-react';
import { memo, useId } from 'react';

const MODE_DATA = REPORT_SUITE_MODES.map((value) => ({ value, label: REPORT_SUITE_MODE_LABELS[value] }));

/** Props of LinkValidationCard. */
export interface LinkValidationCardProps {
  validation: LinkValidation;
  /** The type's option slugs in order (from GET /api/v1/link-validation/types), if known. */
  optionOrder?: readonly string[];
  /** Error messages by input target (`validation:{uuid}:{option}:{key}`). */
  errors: ReadonlyMap<string, string>;
  onChange: (uuid: string, recipe: (validation: LinkValidation) => LinkValidation) => void;
  onRemove: (validation: LinkValidation) => void;
}

/**
 * One link validation card (spec 03 §2 "Link validation cards per type … a configured or
 * not-configured icon and a delete icon"): each option of the type as a checkbox and, when on, the
 * expected values it needs, each with its required-field message while empty (spec 03 §5). An
 * Adobe Analytics report-suite option offers the mode (target, explore, input); changing it clears
 * the validation's values (spec 03 §4).
 */
export const LinkValidationCard = memo(function LinkValidationCard({
  validation,
  optionOrder,
  errors,
  onChange,
  onRemove,
}: LinkValidationCardProps) {
  const titleId = useId();
  const label = LINK_VALIDATION_TYPES[validation.slug].label;
  const order = optionOrder ?? Object.keys(LINK_VALIDATION_TYPES[validation.slug].options);
  const optionSlugs = [...order, ...Object.keys(validation.options).filter((slug) => !order.includes(slug))];
  const update = (recipe: (v: LinkValidation) => LinkValidation) => onChange(validation.uuid, recipe);

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-labelledby={titleId}
      data-testid="link-validation-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ConfiguredIcon isConfigured={isLinkValidationConfigured(validation)} />
            <Text fw={600} id={titleId}>
              {label}
            </Text>
          </Group>
          <Tooltip label={`Remove the ${label} validation`} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove the ${label} validation`}
              onClick={() => onRemove(validation)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {optionSlugs.map((optionSlug) => (
          <ValidationOption
            key={optionSlug}
            validation={validation}
            optionSlug={optionSlug}
            titleId={titleId}
            errors={errors}
            update={update}
          />
        ))}
      </Stack>
    </Paper>
  );
});

/** The configured / not-configured icon of a validation card, with its tooltip. */
function ConfiguredIcon({ isConfigured }: { isConfigured: boolean }) {
  return (
    <Tooltip
      withArrow
      label={isConfigured ? 'Configured' : 'Not configured: turn on a check and fill in its values'}
    >
      {isConfigured ? (
        <IconCircleCheck size={20} color="var(--mantine-color-green-6)" role="img" aria-label="Configured" />
      ) : (
        <IconCircleDashed
          size={20}
          color="var(--mantine-color-orange-6)"
          role="img"
          aria-label="Not configured"
        />
      )}
    </Tooltip>
  );
}

/**
 * One option of a validation (spec 03 §2, §5): its checkbox and, when on, the report-suite mode
 * (for that option) and the expected values it needs, each with its required-field message.
 */
function ValidationOption(props: {
  validation: LinkValidation;
  optionSlug: string;
  /** The card title's id; the mode's label id is derived from it. */
  titleId: string;
  errors: ReadonlyMap<string, string>;
  update: (recipe: (v: LinkValidation) => LinkValidation) => void;
}) {
  const { validation, optionSlug, titleId, errors, update } = props;
  const option = validation.options[optionSlug] ?? { enabled: false, metadata: {} };
  return (
    <Stack gap="xs">
      <Checkbox
        label={linkValidationOptionLabel(optionSlug)}
        checked={option.enabled}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          update((v) => withLinkValidationEnabled(v, optionSlug, checked));
        }}
      />
      {option.enabled ? (
        <Stack gap="xs" pl="xl">
          {optionSlug === REPORT_SUITE_OPTION ? (
            <Stack gap={4}>
              <Text size="sm" fw={500} id={`${titleId}-mode`}>
                Report suite from
              </Text>
              <SegmentedControl
                aria-labelledby={`${titleId}-mode`}
                data={MODE_DATA}
                value={reportSuiteModeOf(validation)}
                onChange={(mode) => update((v) => withReportSuiteMode(v, mode as ReportSuiteMode))}
              />
            </Stack>
          ) : null}
          {linkValidationValueKeys(validation, optionSlug).map((key) => {
            const target = linkValidationTarget(validation.uuid, optionSlug, key);
            return (
              <TextInput
                key={key}
                label={linkValidationValueLabel(validation.slug, key)}
                required
                maxLength={1000}
                value={option.metadata[key] ?? ''}
                error={errors.get(target)}
                data-link-target={target}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  update((v) => withLinkValidationValue(v, optionSlug, key, value));
                }}
              />
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
