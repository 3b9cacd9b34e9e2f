import { Anchor, Badge, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from './PageHeader';
import { SaveButton } from './SaveButton';

/** Props of EditorPageForm. */
export interface EditorPageFormProps {
  /** The way back to the item's list: `{to: '/admin/patterns', label: 'All patterns'}`. */
  back: { to: string; label: string };
  /** The form's accessible name, e.g. "Pattern". */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The page title: the item's name, or "New …" while it has none. */
  title: string;
  description: ReactNode;
  /** Something differs from what was saved: shows "Unsaved changes". */
  isDirty: boolean;
  isSaving: boolean;
  /** Why Save cannot be pressed (SaveButton's tooltip), or null. */
  blockedReason: string | null;
  /** The editor's inputs, below the header. */
  children: ReactNode;
}

/**
 * The frame of an editor page (pattern builder, field set editor, target editor; spec 01 §2.5,
 * spec 02 §2, §4): the link back to the item's list, then the form (named by `label`, no browser
 * validation) with the page header whose aside shows the "Unsaved changes" status while dirty and
 * the Save button (SaveButton), then the editor's inputs.
 */
export function EditorPageForm({
  back,
  label,
  onSubmit,
  title,
  description,
  isDirty,
  isSaving,
  blockedReason,
  children,
}: EditorPageFormProps) {
  return (
    <>
      <Anchor component={Link} to={back.to} size="sm" mb="xs" display="inline-flex">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <PageHeader
          title={title}
          description={description}
          aside={
            <Group gap="sm" wrap="nowrap">
              {isDirty ? (
                <Badge color="yellow" variant="light" role="status">
                  Unsaved changes
                </Badge>
              ) : null}
              <SaveButton isSaving={isSaving} blockedReason={blockedReason} />
            </Group>
          }
        />
        {children}
      </form>
    </>
  );
}
