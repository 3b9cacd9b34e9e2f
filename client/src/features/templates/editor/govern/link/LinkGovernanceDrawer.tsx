import { Alert, Box, Button, Drawer, Grid, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import {
  LINK_DRAWER_SECTION_LABELS,
  LINK_DRAWER_SECTIONS,
  type TemplateField,
  type TemplateFieldId,
} from '@nomen/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../../TemplateEditorContext';
import { LinkDrawerSection } from './LinkDrawerSection';
import { LinkFieldSection } from './LinkFieldSection';
import { LinkParametersSection } from './LinkParametersSection';
import { AddValidationMenu, LinkValidationsSection } from './LinkValidationsSection';
import { type LinkDrawerSession, useLinkDrawerSession } from './useLinkDrawerSession';

/** Props of the link governance drawer. */
export interface LinkGovernanceDrawerProps {
  /** The link template field being edited; null keeps the drawer closed. */
  fieldId: TemplateFieldId | null;
  onClose: () => void;
}

/** Width of the link drawer (spec 03 §9 "Link drawer width 90% of viewport"). */
export const LINK_DRAWER_WIDTH = '90%';

const NO_FIELDS: readonly TemplateField[] = [];

/**
 * The link governance drawer (spec 03 §2 "Link governance drawer", §4 "Link drawer", §5 "Link
 * governance"): a right-hand drawer 90 % of the viewport wide that edits a local copy of the link
 * field (name, autofill source, domain restrictions, redirect and encoding options), the
 * template's link parameters (with the live link preview) and its link validations (hidden with
 * disable-link-validations). Errors are counted per section (Field Name, Link Parameters, Link
 * Validations). Save applies the copy to the editor's store, dropping parameters with neither name
 * nor field; a Save while errors remain asks whether to discard the changes or go back to fix them
 * (and then focuses the first error). Closing with unsaved changes asks before discarding them.
 */
export function LinkGovernanceDrawer({ fieldId, onClose }: LinkGovernanceDrawerProps) {
  // Read only while open, so that a closed drawer never re-renders on the govern step's keystrokes.
  const fields = useTemplateEditor((state) => (fieldId === null ? NO_FIELDS : state.draft.template_fields));
  const drawer = useLinkDrawerSession(fieldId, onClose);

  return (
    <>
      <Drawer
        opened={fieldId !== null}
        onClose={() => void drawer.requestClose()}
        position="right"
        size={LINK_DRAWER_WIDTH}
        padding={0}
        title="Link governance"
        closeButtonProps={{ 'aria-label': 'Close the link drawer' }}
        styles={{
          header: { paddingInline: 'var(--mantine-spacing-lg)' },
          content: { display: 'flex', flexDirection: 'column' },
          body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
          title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' },
        }}
      >
        {drawer.session === null ? null : drawer.draft === null ? (
          <NotTheLinkField />
        ) : (
          <>
            <LinkDrawerBody drawer={drawer} fields={fields} />
            <LinkDrawerFooter drawer={drawer} />
          </>
        )}
      </Drawer>
      <LinkBlockedDialog drawer={drawer} />
    </>
  );
}

/** What the drawer shows for a field that is not the template's link field. */
function NotTheLinkField() {
  return (
    <Box p="lg">
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden />}
        title="This field is not the template's link field"
      >
        Only the link field has link governance. Close the drawer and edit the link field.
      </Alert>
    </Box>
  );
}

/**
 * The drawer's scrolling body (spec 03 §4 "Link drawer"): Field Name beside Link Parameters, then
 * Link Validations unless disable-link-validations; each section with its error count.
 */
function LinkDrawerBody({ drawer, fields }: { drawer: LinkDrawerSession; fields: readonly TemplateField[] }) {
  const { hasFlag } = useTemplateEditorEnvironment();
  const { draft, onChange, messages, counts } = drawer;
  if (draft === null) return null;
  return (
    <ScrollArea style={{ flex: 1 }} px="lg" viewportRef={drawer.body}>
      <Stack gap="lg" py="md">
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <LinkDrawerSection title={LINK_DRAWER_SECTION_LABELS.fieldName} errorCount={counts.fieldName}>
              <LinkFieldSection
                draft={draft}
                onChange={onChange}
                fields={fields}
                errors={messages}
                canUseRedirect={hasFlag('allow-redirect-links')}
              />
            </LinkDrawerSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <LinkDrawerSection title={LINK_DRAWER_SECTION_LABELS.parameters} errorCount={counts.parameters}>
              <LinkParametersSection
                draft={draft}
                onChange={onChange}
                fields={fields}
                errors={messages}
                showNameEncoding={hasFlag('url-name-encoding-option')}
              />
            </LinkDrawerSection>
          </Grid.Col>
        </Grid>
        {drawer.validationsEnabled ? (
          <LinkDrawerSection
            title={LINK_DRAWER_SECTION_LABELS.validations}
            errorCount={counts.validations}
            aside={<AddValidationMenu draft={draft} onChange={onChange} />}
          >
            <LinkValidationsSection draft={draft} onChange={onChange} errors={messages} />
          </LinkDrawerSection>
        ) : null}
      </Stack>
    </ScrollArea>
  );
}

/** The drawer's footer: the count of errors to fix, Cancel and Save. */
function LinkDrawerFooter({ drawer }: { drawer: LinkDrawerSession }) {
  const { errors } = drawer;
  return (
    <Group
      justify="flex-end"
      gap="sm"
      px="lg"
      py="md"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {errors.length > 0 ? (
        <Text size="sm" c="red" mr="auto" role="status">
          {errors.length} {errors.length === 1 ? 'error' : 'errors'} to fix
        </Text>
      ) : null}
      <Button variant="default" onClick={() => void drawer.requestClose()}>
        Cancel
      </Button>
      <Button onClick={drawer.save}>Save</Button>
    </Group>
  );
}

/**
 * The dialog of a Save while errors remain (spec 03 §4): the sections with errors and their
 * counts, Discard changes or Go back to fix.
 */
function LinkBlockedDialog({ drawer }: { drawer: LinkDrawerSession }) {
  const { counts } = drawer;
  return (
    <Modal
      opened={drawer.isBlockedOpen}
      onClose={drawer.goBackToFix}
      title="The link has errors"
      centered
      zIndex={400}
    >
      <Stack gap="md">
        <Text size="sm">These sections have errors, so the link cannot be saved as it is:</Text>
        <List size="sm">
          {LINK_DRAWER_SECTIONS.filter((section) => counts[section] > 0).map((section) => (
            <List.Item key={section}>
              {LINK_DRAWER_SECTION_LABELS[section]}: {counts[section]}{' '}
              {counts[section] === 1 ? 'error' : 'errors'}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="light" color="red" onClick={drawer.close}>
            Discard changes
          </Button>
          <Button onClick={drawer.goBackToFix} data-autofocus>
            Go back to fix
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
