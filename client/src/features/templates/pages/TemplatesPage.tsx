import { Button, Text } from '@mantine/core';
import {
  type AudienceGroup,
  groupsReachingTemplate,
  type TemplateSummary,
  whoCanSubmitLabel,
} from '@nomen/shared';
import { IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { AdminTable, type AdminTableColumn } from '../../../ui/AdminTable';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { Timestamp } from '../../../ui/Timestamp';
import { useSignedIn } from '../../auth/api';
import { templateWording } from '../../shell/wording';
import { useDeleteTemplates, useTemplates } from '../api';
import { useTemplateAudience } from '../audience/useTemplateAudience';
import { newestFirst, templateDuplicatePath, templateEditorPath } from '../templatePaths';

/** A cell of names (patterns, field sets), comma separated, clamped to two lines. */
function namesCell(names: readonly string[]) {
  return (
    <Text size="sm" lineClamp={2}>
      {names.join(', ')}
    </Text>
  );
}

const columns: AdminTableColumn<TemplateSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    width: '18%',
    cell: (t) => (
      <Text size="sm" fw={500}>
        {t.name}
      </Text>
    ),
  },
  {
    key: 'updated_at',
    header: 'Updated',
    cell: (t) => <Timestamp value={t.updated_at} />,
    sortValue: (t) => new Date(t.updated_at),
  },
  {
    key: 'created_at',
    header: 'Created',
    cell: (t) => <Timestamp value={t.created_at} />,
    sortValue: (t) => new Date(t.created_at),
  },
  {
    key: 'created_by',
    header: 'Created by',
    cell: (t) => <Text size="sm">{t.created_by ?? ''}</Text>,
    sortValue: (t) => t.created_by ?? '',
  },
  {
    key: 'patterns',
    header: 'Patterns',
    cell: (t) => namesCell(t.patterns),
    sortValue: (t) => t.patterns.join(', '),
  },
  {
    key: 'fieldsets',
    header: 'Field sets',
    cell: (t) => namesCell(t.fieldsets),
    sortValue: (t) => t.fieldsets.join(', '),
  },
  {
    key: 'description',
    header: 'Description',
    width: '22%',
    cell: (t) => (
      <Text size="sm" lineClamp={2}>
        {t.description}
      </Text>
    ),
  },
];

/**
 * The "Who can submit" column (spec 01 §2.7): the groups reaching the template directly or through
 * its folder, or "Admins only"; empty while the audience loads.
 */
function whoCanSubmitColumn(groups: readonly AudienceGroup[] | undefined): AdminTableColumn<TemplateSummary> {
  const label = (t: TemplateSummary) =>
    groups ? whoCanSubmitLabel(groupsReachingTemplate(groups, t.id, t.folder_id)) : '';
  return {
    key: 'who_can_submit',
    header: 'Who can submit',
    cell: (t) => (
      <Text size="sm" lineClamp={2}>
        {label(t)}
      </Text>
    ),
    sortValue: label,
  };
}

const templateId = (t: TemplateSummary) => t.id;
const templateName = (t: TemplateSummary) => t.name;
const templateSearchText = (t: TemplateSummary) =>
  [t.name, t.description, t.created_by ?? '', ...t.patterns, ...t.fieldsets].join(' ');

/**
 * /admin/templates (spec 03 §2 "Template list"): the searchable, sortable template table (name,
 * updated, created, created by, patterns, field sets, who can submit, description), newest created first, with
 * multi-select; add, edit and duplicate (exactly one selected) open the editor's setup step
 * (`/admin/templates/edit-template/{new|id}/setup`, `?duplicate={id}`), a row click opens it too;
 * bulk delete is confirmed and toasts the server's message, which names the templates kept
 * because they power a list (spec 03 §7). Says "dataset" with the datasets-page flag (spec 01 §1).
 */
export function TemplatesPage() {
  const navigate = useNavigate();
  const { features } = useSignedIn();
  const wording = templateWording(features);
  const templates = useTemplates();
  const deleteTemplates = useDeleteTemplates();
  const audience = useTemplateAudience();
  const tableColumns = useMemo(() => {
    const at = columns.findIndex((c) => c.key === 'description');
    return [...columns.slice(0, at), whoCanSubmitColumn(audience.data?.groups), ...columns.slice(at)];
  }, [audience.data]);
  const rows = useMemo(
    () => (templates.data ? newestFirst(templates.data.data) : undefined),
    [templates.data],
  );

  const onDelete = async (selected: TemplateSummary[]): Promise<boolean> => {
    try {
      const answer = await deleteTemplates.mutateAsync(selected.map(templateId));
      if (answer.powered_template_ids.length > 0) notifyError(answer.message);
      else notifySuccess(answer.message);
      return true;
    } catch (error) {
      notifyError(errorMessage(error, `The ${wording.words} failed to delete. Please try again.`));
      return false;
    }
  };

  return (
    <>
      <PageHeader
        title={wording.Words}
        description={`Naming ${wording.words}: the fields, patterns and integrations a submission follows.`}
      />
      <AdminTable
        label={wording.Words}
        noun={{ one: wording.word, other: wording.words }}
        rows={rows}
        isLoading={templates.isPending}
        error={templates.error}
        onRetry={() => void templates.refetch()}
        columns={tableColumns}
        rowId={templateId}
        rowName={templateName}
        searchText={templateSearchText}
        onAdd={() => void navigate(templateEditorPath('new'))}
        addLabel={`Add ${wording.word}`}
        onEdit={(t) => void navigate(templateEditorPath(t.id))}
        onDelete={onDelete}
        emptyDescription={`Add a ${wording.word} to govern how campaigns are named.`}
        actions={(selected) => (
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            disabled={selected.length !== 1}
            onClick={() => selected[0] && void navigate(templateDuplicatePath(selected[0].id))}
          >
            Duplicate
          </Button>
        )}
      />
    </>
  );
}
