import { Box, Loader, MultiSelect, Stack } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { notifyError } from '../../../../ui/notify';
import { QueryErrorAlert } from '../../../../ui/QueryErrorAlert';
import { useTemplateApprovers, useTemplatePeople } from '../../api';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../TemplateEditorContext';
import {
  APPROVERS_LOAD_FAILED_MESSAGE,
  approverOptions,
  recipientOptions,
  recipientsFor,
} from './setupChoices';
import { useSetupJumpTarget } from './useSetupJumpTarget';

/**
 * The approvers picker (spec 03 §2 "Approvers: only owners can be chosen, or managers too when the
 * manager-approvals feature is on"; spec 01 §5): a searchable multi-select of the people who may
 * approve (GET template/choices/people). The draft's `approvers` holds the chosen ids; for a saved
 * template the current approvers are read too (GET /api/v1/account/approvers/{templateId}, spec 03
 * §7), so that one who may no longer approve still shows by name and can be removed; that read
 * failing shows the 'Failed to load approvers' toast (spec 03 §8). Shows `error` (the
 * approversRequired issue) and is that jump target.
 */
export function ApproversPicker(props: { error?: string }) {
  const { store, templateId, me } = useTemplateEditorEnvironment();
  const selected = useTemplateEditor((s) => s.draft.approvers);
  const people = useTemplatePeople();
  const current = useTemplateApprovers(templateId);
  const target = useSetupJumpTarget<HTMLInputElement>('approversRequired');

  useEffect(() => {
    if (current.isError) notifyError(APPROVERS_LOAD_FAILED_MESSAGE);
  }, [current.isError]);

  const options = useMemo(
    () => approverOptions(people.data?.data ?? [], current.data?.data ?? [], selected),
    [people.data, current.data, selected],
  );
  const isLoading = people.isPending || (templateId !== null && current.isPending);
  const managersMay = me.features.includes('manager-approvals');

  return (
    <Stack gap="xs">
      <Box p={4} m={-4} {...target.wrapperProps}>
        <MultiSelect<number>
          {...target.inputProps}
          label="Approvers"
          description={
            managersMay
              ? 'Owners and managers who approve submissions made through this template.'
              : 'Owners who approve submissions made through this template.'
          }
          required
          searchable
          clearable
          placeholder={isLoading ? 'Loading people…' : selected.length === 0 ? 'Choose approvers' : undefined}
          aria-busy={isLoading}
          rightSection={isLoading ? <Loader size="xs" aria-hidden /> : undefined}
          nothingFoundMessage={managersMay ? 'No owner or manager has this name' : 'No owner has this name'}
          data={options}
          value={[...selected]}
          onChange={(ids) => store.update((draft) => ({ ...draft, approvers: ids }))}
          error={props.error}
        />
      </Box>
      {people.error ? (
        <QueryErrorAlert
          error={people.error}
          what="approvers to choose from"
          onRetry={() => void people.refetch()}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The submission status recipients picker (spec 03 §2 "When auto-submit is on, a picker of users who
 * receive submission status notices is shown"; §3 submissionStatusRecipients {userId, email}): a
 * searchable multi-select of the account's enabled users; the draft keeps each chosen user's id
 * and email.
 */
export function RecipientsPicker() {
  const { store } = useTemplateEditorEnvironment();
  const chosen = useTemplateEditor((s) => s.draft.submissionStatusRecipients);
  const people = useTemplatePeople();
  const options = useMemo(() => recipientOptions(people.data?.data ?? [], chosen), [people.data, chosen]);
  const value = useMemo(() => chosen.map((r) => r.userId), [chosen]);

  return (
    <Stack gap="xs">
      <MultiSelect<number>
        label="Submission status recipients"
        description="They receive an email with the status of each automatic submission."
        searchable
        clearable
        placeholder={people.isPending ? 'Loading people…' : chosen.length === 0 ? 'Choose people' : undefined}
        aria-busy={people.isPending}
        rightSection={people.isPending ? <Loader size="xs" aria-hidden /> : undefined}
        nothingFoundMessage="Nobody has this name"
        data={options}
        value={value}
        onChange={(ids) =>
          store.update((draft) => ({
            ...draft,
            submissionStatusRecipients: recipientsFor(
              ids,
              people.data?.data ?? [],
              draft.submissionStatusRecipients,
            ),
          }))
        }
      />
      {people.error ? (
        <QueryErrorAlert error={people.error} what="people" onRetry={() => void people.refetch()} />
      ) : null}
    </Stack>
  );
}
