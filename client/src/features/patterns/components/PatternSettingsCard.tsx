import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PatternSaveParsed } from '@nomen/shared';
import { type Control, Controller } from 'react-hook-form';
import { FormSelect } from '../../../ui/form/FormSelect';
import { FormSwitch } from '../../../ui/form/FormSwitch';
import { FormTextarea } from '../../../ui/form/FormTextarea';
import { FormTextInput } from '../../../ui/form/FormTextInput';
import { DELIMITER_CHOICES } from '../../governance/governanceOptions';
import type { PatternDraft } from '../patternDraft';
import { PaletteColorPicker } from './PaletteColorPicker';

/** Props of PatternSettingsCard. */
export interface PatternSettingsCardProps {
  /** The pattern builder's form control. */
  control: Control<PatternDraft, unknown, PatternSaveParsed>;
  /** Whether the account has the require-uniqueness flag: shows "Must be unique". */
  canRequireUnique: boolean;
  /** Whether the account has the unlocked-pattern flag: shows "Unlocked pattern". */
  canUnlock: boolean;
}

/**
 * The builder's Settings card (spec 02 §2): name (required), description, delimiter, colour, and
 * the must-be-unique and unlocked-pattern switches when their flags are on.
 */
export function PatternSettingsCard({ control, canRequireUnique, canUnlock }: PatternSettingsCardProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h5" mb="md">
        Settings
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <FormTextInput control={control} name="name" label="Name" required />
          <FormTextarea
            control={control}
            name="description"
            label="Description"
            autosize
            minRows={2}
            maxRows={6}
          />
        </Stack>
        <Stack gap="md">
          <FormSelect
            control={control}
            name="delimiter"
            label="Delimiter"
            description="Put between the segments of a code."
            data={DELIMITER_CHOICES}
            allowDeselect={false}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="pattern-colour-label">
              Colour
            </Text>
            <Controller
              control={control}
              name="color"
              render={({ field }) => (
                <PaletteColorPicker value={field.value} onChange={(color) => field.onChange(color)} />
              )}
            />
          </Stack>
          {canRequireUnique ? (
            <FormSwitch
              control={control}
              name="must_be_unique"
              label="Must be unique"
              description="Never issue the same code twice."
            />
          ) : null}
          {canUnlock ? (
            <FormSwitch
              control={control}
              name="is_unlocked_pattern"
              label="Unlocked pattern"
              description="People may edit codes made from this pattern."
            />
          ) : null}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
