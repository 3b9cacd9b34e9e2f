import { Alert, Button, Group, List, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { groupsReachingTemplate, hasPermission } from '@nomen/shared';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../editor/TemplateEditorContext';
import { useShareTemplateWithGroup, useTemplateAudience } from './useTemplateAudience';

/** "3 members" / "1 member". */
function members(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/**
 * The setup step's "Who can submit" (spec 01 §2.7; spec 03 §2 "Setup step"): the groups that reach
 * the template directly or through its folder, each with its member count, and the admins, who
 * may submit through every template. Before the first save it says who will be able to once the
 * template is saved in the chosen folder. A saved template can be shared with another of the
 * account's groups here ("Share", needs manage_groups); the list then shows that group.
 */
export function WhoCanSubmit() {
  const { templateId, me } = useTemplateEditorEnvironment();
  const folderId = useTemplateEditor((s) => s.draft.folder_id);
  const audience = useTemplateAudience();
  const share = useShareTemplateWithGroup();
  const mayShare = hasPermission(me.permissions, 'manage_groups');

  if (audience.isPending) return <Loader size="sm" aria-label="Loading who can submit" />;
  if (audience.isError)
    return (
      <QueryErrorAlert what="who can submit" error={audience.error} onRetry={() => audience.refetch()} />
    );

  const reaching = groupsReachingTemplate(audience.data.groups, templateId, folderId);
  const others = audience.data.groups.filter((g) => !reaching.some((r) => r.id === g.id));
  const admins = audience.data.admins.map((a) => a.name).join(', ');

  return (
    <Stack gap="sm" aria-label="Who can submit" role="region">
      <Title order={3} size="h4">
        Who can submit
      </Title>
      {templateId === null ? (
        <Text size="sm" c="dimmed">
          {folderId === null
            ? 'Choose a folder to see who will be able to submit once the template is saved.'
            : 'Once saved in this folder, these people will be able to submit:'}
        </Text>
      ) : null}
      <ReachingGroups groups={reaching} />
      <Text size="sm" c="dimmed">
        Admins see every template{admins ? `: ${admins}` : ''}.
      </Text>
      {templateId !== null && mayShare ? (
        <ShareWithGroup templateId={templateId} others={others} share={share} />
      ) : null}
      {share.isError ? (
        <Alert color="red" title="The template was not shared">
          {share.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The groups reaching the template, each with its member count and how it reaches it, or that none does. */
function ReachingGroups({ groups }: { groups: ReturnType<typeof groupsReachingTemplate> }) {
  if (groups.length === 0)
    return <Text size="sm">No group reaches this template: only admins can submit through it.</Text>;
  return (
    <List size="sm" spacing={4}>
      {groups.map((g) => (
        <List.Item key={g.id}>
          <Text span size="sm" fw={500}>
            {g.name}
          </Text>{' '}
          <Text span size="sm" c="dimmed">
            · {members(g.member_count)} ·{' '}
            {g.through === 'template' ? 'shared directly' : 'through the folder'}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** "Share with a group": a choice of the groups not reaching the saved template yet, and Share. */
function ShareWithGroup(props: {
  templateId: number;
  others: readonly { id: number; name: string }[];
  share: ReturnType<typeof useShareTemplateWithGroup>;
}) {
  const { templateId, others, share } = props;
  const [groupId, setGroupId] = useState<number | null>(null);
  return (
    <Group align="flex-end" gap="sm">
      <Select<number>
        label="Share with a group"
        placeholder={others.length > 0 ? 'Choose a group' : 'Every group already has it'}
        searchable
        data={others.map((g) => ({ value: g.id, label: g.name }))}
        value={groupId}
        onChange={(value) => setGroupId(value ?? null)}
        disabled={others.length === 0}
        nothingFoundMessage="No group has this name"
        w={280}
      />
      <Button
        variant="light"
        disabled={groupId === null}
        loading={share.isPending}
        onClick={() => {
          if (groupId === null) return;
          share.mutate({ template_id: templateId, group_id: groupId }, { onSuccess: () => setGroupId(null) });
        }}
      >
        Share
      </Button>
    </Group>
  );
}
