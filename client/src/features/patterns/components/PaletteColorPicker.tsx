import { ColorSwatch, Group, Popover, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { PATTERN_PALETTE, type PaletteColor } from '@nomen/shared';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './PaletteColorPicker.module.css';

/** Props of PaletteColorPicker. */
export interface PaletteColorPickerProps {
  /** The chosen colour, or null while the server is to pick one on the first save. */
  value: PaletteColor | null;
  onChange: (color: PaletteColor) => void;
}

/**
 * The pattern's colour from the 32-colour palette (spec 02 §9): a swatch button that opens the
 * palette as a grid of swatch buttons (each named by its hex value, the chosen one pressed).
 * A new pattern without a choice shows "Automatic": the server picks a colour on the first save.
 */
export function PaletteColorPicker({ value, onChange }: PaletteColorPickerProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow trapFocus shadow="md">
      <Popover.Target>
        <UnstyledButton
          className={classes.trigger}
          onClick={() => setOpened((o) => !o)}
          aria-label={value ? `Pattern colour ${value}` : 'Pattern colour: automatic'}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch
              color={value ?? 'var(--mantine-color-gray-3)'}
              size={22}
              withShadow={false}
              aria-hidden
            />
            <Text size="sm">{value ?? 'Automatic'}</Text>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label="Pattern colour">
        <SimpleGrid cols={8} spacing={6} verticalSpacing={6}>
          {PATTERN_PALETTE.map((color) => (
            <ColorSwatch
              key={color}
              component="button"
              type="button"
              color={color}
              size={26}
              className={classes.swatch}
              aria-label={color}
              aria-pressed={color === value}
              onClick={() => {
                onChange(color);
                setOpened(false);
              }}
            >
              {color === value ? <IconCheck size={14} color="white" aria-hidden /> : null}
            </ColorSwatch>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
