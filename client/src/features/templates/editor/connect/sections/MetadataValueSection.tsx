import { Alert, Anchor, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { GA_SCHEMA_KEY, type MetadataChoiceSource, metadataText, templateIssueText } from '@nomen/shared';
import { IconCloudOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../../api/errors';
import { notifyError } from '../../../../../ui/notify';
import { type ProviderChoice, useMetadataChoices } from '../useProviderChoices';
import type { IntegrationSectionProps } from './sectionProps';

/** The notification when Kochava's app groups cannot be loaded (ours; spec 03 §8 shows no wording). */
export const KOCHAVA_APP_GROUPS_FAILED = 'Kochava app groups could not be loaded.';

/** What a dropdown builder section passes (spec 03 §5 builders). */
interface DropdownProps {
  metadataKey: string;
  title: string;
  dependsOn: { metadataKey: string; title: string } | null;
  source: MetadataChoiceSource | null;
  isRequired: boolean;
}

/**
 * One metadata dropdown of an integration form (spec 03 §5 dropdown builders: a metadataKey, a
 * title, and a dependency whose choice it waits on): its choices are read from the connected
 * account's provider (spec 03 §7: report suites, GA accounts, Bitly groups, …) once the account and
 * the value it depends on are chosen. While they load it shows a skeleton; when the provider cannot
 * be reached, or the row has no provider source, the value is typed instead, so nothing blocks on a
 * provider. Each change goes through `applyIntegrationChange` (what depends on it is cleared; a
 * change that resets mappings asks first on a saved integration, spec 03 §4). Choosing a Google
 * Analytics custom data source also stores its schema, whose columns become the mapping rows. A
 * failed Kochava app-group fetch also shows an error notification (spec 03 §8).
 */
export function MetadataValueSection(props: IntegrationSectionProps & DropdownProps) {
  const { assignment, editing, issues, dependsOn, source } = props;
  const choices = useMetadataChoices(source, assignment);
  const [isTyping, setIsTyping] = useState(false);
  useKochavaFailureNotice(choices, source);
  const stored = metadataText(assignment.metadata, props.metadataKey);
  const error = issues[0] ? templateIssueText(issues[0]) : undefined;
  const isWaitingOnParent =
    dependsOn !== null && metadataText(assignment.metadata, dependsOn.metadataKey) === '';
  const needsAccount = source !== null && assignment.connector_id === null;
  const waitingText = isWaitingOnParent
    ? `Choose ${dependsOn.title} first`
    : needsAccount
      ? 'Choose an account first'
      : undefined;

  const choose = async (value: string, choice?: ProviderChoice) => {
    if (value === stored) return true;
    const isApplied = await editing.change({ kind: 'metadata', key: props.metadataKey, value });
    if (isApplied && source === 'ga-custom-data-sources' && choice?.schema)
      await editing.change({ kind: 'metadata', key: GA_SCHEMA_KEY, value: choice.schema });
    return isApplied;
  };

  if (source === null || isTyping || choices.isError) {
    return (
      <Stack gap={4}>
        {choices.isError ? <ChoicesFailed title={props.title} choices={choices} /> : null}
        <TypedValue
          {...props}
          stored={stored}
          disabled={isWaitingOnParent}
          description={isWaitingOnParent ? waitingText : isTyping ? 'Typed by hand' : undefined}
          error={error}
          onCommit={(value) => choose(value)}
        />
        {isTyping && !choices.isError ? (
          <Anchor component="button" type="button" size="xs" onClick={() => setIsTyping(false)}>
            Choose from the list
          </Anchor>
        ) : null}
      </Stack>
    );
  }

  if (choices.isPending && !choices.isWaiting)
    return <Skeleton height={58} radius="sm" aria-label={`Loading ${props.title} choices`} />;
  return (
    <ChoiceSelect
      {...props}
      choices={choices}
      stored={stored}
      waitingText={waitingText}
      error={error}
      onChoose={(value, choice) => void choose(value, choice)}
      onTypeInstead={() => setIsTyping(true)}
    />
  );
}

/** The provider's choices of a dropdown, from useMetadataChoices. */
type MetadataChoices = ReturnType<typeof useMetadataChoices>;

/** spec 03 §8: a failed mobile attribution (Kochava) app-group fetch shows an error notification. */
function useKochavaFailureNotice(choices: MetadataChoices, source: MetadataChoiceSource | null): void {
  const { isError, error: loadError } = choices;
  useEffect(() => {
    if (isError && source === 'kochava-app-groups')
      notifyError(`${KOCHAVA_APP_GROUPS_FAILED} (${errorMessage(loadError, 'unknown error')})`);
  }, [isError, loadError, source]);
}

/** Says the choices could not be loaded, with "try again"; the value is then typed. */
function ChoicesFailed({ title, choices }: { title: string; choices: MetadataChoices }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} aria-hidden />} p="xs">
      <Text size="sm">
        {title} choices could not be loaded ({errorMessage(choices.error, 'unknown error')}). Type the value
        instead, or{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => void choices.refetch()}>
          try again
        </Anchor>
        .
      </Text>
    </Alert>
  );
}

/**
 * The dropdown of the provider's choices; a stored value the provider no longer lists still shows
 * as chosen. An empty list offers to type the value instead.
 */
function ChoiceSelect(
  props: DropdownProps & {
    choices: MetadataChoices;
    stored: string;
    waitingText: string | undefined;
    error: string | undefined;
    onChoose: (value: string, choice: ProviderChoice | undefined) => void;
    onTypeInstead: () => void;
  },
) {
  const { choices, stored, waitingText } = props;
  const options = (choices.data ?? []).map((c) => ({ value: c.value, label: c.label }));
  if (stored !== '' && !options.some((o) => o.value === stored))
    options.unshift({ value: stored, label: stored });
  const isEmpty = !choices.isWaiting && (choices.data ?? []).length === 0;
  return (
    <Stack gap={4}>
      <Select
        label={props.title}
        placeholder={
          isEmpty ? `No ${props.title.toLowerCase()} found in this account` : `Choose ${props.title}`
        }
        required={props.isRequired}
        searchable
        clearable={!props.isRequired}
        disabled={waitingText !== undefined}
        description={waitingText}
        data={options}
        value={stored || null}
        nothingFoundMessage={`No ${props.title.toLowerCase()} matches`}
        onChange={(value) =>
          props.onChoose(
            value ?? '',
            choices.data?.find((c) => c.value === value),
          )
        }
        error={props.error}
      />
      {isEmpty ? (
        <Anchor component="button" type="button" size="xs" onClick={props.onTypeInstead}>
          Type the {props.title.toLowerCase()} instead
        </Anchor>
      ) : null}
    </Stack>
  );
}

/**
 * A metadata value typed by hand: applied on blur or Enter, not at every keystroke, so a change that
 * asks for confirmation asks once (spec 03 §4); a refused change puts the stored value back.
 */
function TypedValue(
  props: DropdownProps & {
    stored: string;
    disabled: boolean;
    description: string | undefined;
    error: string | undefined;
    onCommit: (value: string) => Promise<boolean>;
  },
) {
  const [value, setValue] = useState(props.stored);
  useEffect(() => setValue(props.stored), [props.stored]);
  const commit = async () => {
    if (value.trim() === props.stored) return;
    if (!(await props.onCommit(value.trim()))) setValue(props.stored);
  };
  return (
    <TextInput
      label={props.title}
      required={props.isRequired}
      maxLength={255}
      disabled={props.disabled}
      description={props.description}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void commit();
      }}
      error={props.error}
    />
  );
}
