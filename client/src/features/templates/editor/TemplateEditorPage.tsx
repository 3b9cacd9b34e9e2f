import { Skeleton, Stack } from '@mantine/core';
import { duplicateTemplate, newTemplate, type Template, type TemplateDraft } from '@nomen/shared';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { EditorRoute, editorWords } from '../../../ui/form/EditorRoute';
import { useEditorSource } from '../../../ui/useEditorSource';
import { fieldsetsListQuery } from '../../fieldsets/api';
import { patternsListQuery } from '../../patterns/api';
import { useTemplate } from '../api';
import { TEMPLATES_PATH } from '../templatePaths';
import { TemplateEditor } from './TemplateEditor';

// The steps come in the editor's own chunk: they are the editor, and a chunk of their own would be
// fetched only after the template has loaded (bench:templates, govern step paint).
export { TemplateStepRoute } from './TemplateStepRoute';

/** How the editor makes drafts from a loaded template (spec 03 §2, §4). */
const TEMPLATE_DRAFTS = {
  empty: (): TemplateDraft => newTemplate({ templateName: '', now: new Date() }),
  of: (data: Template): TemplateDraft => data,
  copy: (data: Template): TemplateDraft => duplicateTemplate(data),
};

/**
 * /admin/templates/edit-template/{id}/{step} (spec 03 §2 "Template editor routes"): the editor of a
 * saved template, a new one (id "new", with the email-output integration and the hidden id field)
 * or an unsaved copy (new/setup?duplicate={id}, "Duplicate of …"). Loads the template (skeleton
 * while loading, "Template not found" for an unknown or another account's id, the error with a
 * retry otherwise) and renders the editor, whose steps are the nested `:step` routes.
 */
export function TemplateEditorPage() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const editor = useEditorSource(id, searchParams.get('duplicate'), useTemplate, TEMPLATE_DRAFTS);
  // The govern step's patterns and field sets load beside the template, not after it.
  usePrefetchQuery(patternsListQuery);
  usePrefetchQuery(fieldsetsListQuery);
  return (
    <EditorRoute editor={editor} words={TEMPLATE_WORDS} skeleton={<TemplateEditorSkeleton />}>
      {({ key, start, reload }) => <TemplateEditor key={key} initial={start.initial} onReload={reload} />}
    </EditorRoute>
  );
}

/** How the editor's route speaks of a template it cannot show (spec 03 §2). */
const TEMPLATE_WORDS = editorWords('template', 'templates', TEMPLATES_PATH);

/** The editor's loading state: the header, the step bar and a few field cards (spec 03 §2). */
export function TemplateEditorSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading template">
      <Skeleton height={32} width={320} />
      <Skeleton height={40} radius="md" />
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} height={108} radius="md" />
      ))}
    </Stack>
  );
}
