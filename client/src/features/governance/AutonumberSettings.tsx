import { NumberInput, SimpleGrid } from '@mantine/core';
import { AUTONUMBER_MAX_WIDTH } from '@nomen/shared';
import { numberOrNull } from '../../ui/NumberField';
import type { GovernanceIssues } from './issuesByPath';

/** An autonumber's settings as an editor holds them; a cleared input is null. */
export interface AutonumberValue {
  start_value?: number | null;
  min_width?: number | null;
}

/** Props of AutonumberSettings. */
export interface AutonumberSettingsProps {
  value: AutonumberValue;
  /** Receives both settings with one changed. */
  onChange: (next: AutonumberValue) => void;
  /** Problems by setting (`start_value`, `min_width`). */
  issues?: GovernanceIssues;
}

/**
 * Start value and minimum width of an autonumber (spec 02 §5, §9), both required whole numbers:
 * the start from 0, the width from 1 to AUTONUMBER_MAX_WIDTH digits padded with zeros. An
 * autonumber field of a field set and an autonumber segment of a pattern edit them here.
 */
export function AutonumberSettings({ value, onChange, issues }: AutonumberSettingsProps) {
  return (
    <SimpleGrid cols={2}>
      <NumberInput
        label="Start value"
        required
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={value.start_value ?? ''}
        onChange={(next) => onChange({ ...value, start_value: numberOrNull(next) })}
        error={issues?.start_value}
      />
      <NumberInput
        label="Minimum width"
        description="Digits, padded with zeros"
        required
        min={1}
        max={AUTONUMBER_MAX_WIDTH}
        allowDecimal={false}
        allowNegative={false}
        value={value.min_width ?? ''}
        onChange={(next) => onChange({ ...value, min_width: numberOrNull(next) })}
        error={issues?.min_width}
      />
    </SimpleGrid>
  );
}
