import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconHexagonLetterN } from '@tabler/icons-react';

/** Props of BrandMark. */
export interface BrandMarkProps {
  size?: 'md' | 'lg';
}

/** The product's name and mark, in the shell header and above the sign-in forms (spec 01 §1). */
export function BrandMark({ size = 'md' }: BrandMarkProps) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 36 : 28} radius="md" aria-hidden>
        <IconHexagonLetterN size={size === 'lg' ? 24 : 18} />
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 24 : 18} lh={1}>
        Nomen
      </Text>
    </Group>
  );
}
