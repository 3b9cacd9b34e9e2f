import { Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { ListType } from '@nomen/shared';
import { IconTemplate } from '@tabler/icons-react';
import { useWording } from '../../shell/useWording';
import { LIST_TYPE_LABELS } from '../pages/listLabels';

/** Props of ListTypeLabel. */
export interface ListTypeLabelProps {
  type: ListType;
  /** The template powering the list, or null (spec 02 §3 powered_template_id). */
  poweredTemplateId: number | null;
}

/**
 * A list's type as shown in the lists tables, with a marker when a template (or dataset, by the
 * account's wording) powers the list (spec 02 §2 lists page: "type (with a marker when the list
 * is powered by a template)"). The marker is an image named "Powered by a template" with the same
 * words in its tooltip.
 */
export function ListTypeLabel({ type, poweredTemplateId }: ListTypeLabelProps) {
  const { word } = useWording();
  const poweredLabel = `Powered by a ${word}`;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{LIST_TYPE_LABELS[type]}</Text>
      {poweredTemplateId !== null ? (
        <Tooltip label={poweredLabel} withArrow>
          <ThemeIcon
            size={20}
            radius="xl"
            variant="light"
            color="violet"
            role="img"
            aria-label={poweredLabel}
          >
            <IconTemplate size={13} aria-hidden />
          </ThemeIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
