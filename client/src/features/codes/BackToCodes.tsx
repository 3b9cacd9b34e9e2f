import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { CODES_PATH } from './codesPaths';

/** The "Codes" link back to the codes page above a submission, a new submission or a dataset (issue 11). */
export function BackToCodes() {
  return (
    <Anchor component={Link} to={CODES_PATH} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        Codes
      </Group>
    </Anchor>
  );
}
