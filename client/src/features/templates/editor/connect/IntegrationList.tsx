import { Accordion, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  AWS_REGIONS,
  addIntegration,
  type IntegrationAssignmentId,
  integrationIdsByList,
} from '@nomen/shared';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../TemplateEditorContext';
import { IntegrationPanel } from './IntegrationPanel';
import { IntegrationTypePicker } from './IntegrationTypePicker';

/** Titles, add labels and empty states of the two lists (spec 03 §2). */
const LIST_TEXT = {
  inbound: {
    title: 'Inbound',
    add: 'Add inbound',
    empty: 'No inbound integrations yet. Add one to bring data from a platform into this template.',
  },
  outbound: {
    title: 'Outbound',
    add: 'Add outbound',
    empty: 'No outbound integrations yet. Add one to send submissions by email or to a platform.',
  },
} as const;

/** The prefix of integration jump keys (`integration:{id}`, see `issueTargetKey`). */
const INTEGRATION_KEY_PREFIX = 'integration:';

/**
 * One integration list of the connect step (spec 03 §2 "An Inbound list and an Outbound list. Each
 * has an add button opening a picker of integration types, and an empty-state message when empty";
 * "One panel per list is open at a time; clicking toggles it"). A new integration (TEMP_ id and its
 * type's defaults, spec 03 §4) opens at once; a jump from the notification popover to one of this
 * list's integrations opens its panel.
 */
export function IntegrationList(props: { list: 'inbound' | 'outbound' }) {
  const { store } = useTemplateEditorEnvironment();
  const integrations = useTemplateEditor((state) => state.draft.integrations);
  const focus = useTemplateEditor((state) => state.focus);
  const ids = useMemo(() => integrationIdsByList(integrations)[props.list], [integrations, props.list]);
  const [open, setOpen] = useState<string | null>(null);
  const text = LIST_TEXT[props.list];

  useEffect(() => {
    if (!focus?.key.startsWith(INTEGRATION_KEY_PREFIX)) return;
    const id = focus.key.slice(INTEGRATION_KEY_PREFIX.length);
    const target = store.getState().draft.integrations.find((a) => String(a.id) === id);
    if (target && integrationIdsByList([target])[props.list].length > 0) setOpen(id);
  }, [focus, store, props.list]);

  const add = (slug: string) => {
    let added: IntegrationAssignmentId | null = null;
    store.update((draft) => {
      const result = addIntegration(draft, slug, {
        templateName: draft.name,
        now: new Date(),
        awsRegions: AWS_REGIONS,
      });
      added = result.id;
      return result.template;
    });
    if (added !== null) setOpen(String(added));
  };

  const headingId = `integrations-${props.list}-title`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id={headingId}>
            {text.title}
          </Title>
          <IntegrationTypePicker list={props.list} label={text.add} onPick={add} />
        </Group>
        {ids.length === 0 ? (
          <Group gap="sm" py="lg" justify="center" c="dimmed">
            <IconPlugConnected size={20} aria-hidden />
            <Text size="sm">{text.empty}</Text>
          </Group>
        ) : (
          <Accordion
            value={open}
            onChange={setOpen}
            variant="separated"
            keepMounted={false}
            order={4}
            aria-label={`${text.title} integrations`}
          >
            {ids.map((id) => (
              <IntegrationPanel key={String(id)} id={id} />
            ))}
          </Accordion>
        )}
      </Stack>
    </Paper>
  );
}
