import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  LINK_VALIDATION_COOKIE_ARTICLE_URL,
  type LinkDrawerDraft,
  type LinkValidation,
  type LinkValidationSlug,
  newLinkValidation,
} from '@nomen/shared';
import { IconAlertCircle, IconCookie, IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { useCallback } from 'react';
import { confirmAction } from '../../../../../ui/confirmAction';
import { LinkValidationCard } from './LinkValidationCard';
import { useLinkValidationTypes } from './useLinkValidationTypes';

/** Props of LinkValidationsSection. */
export interface LinkValidationsSectionProps {
  draft: LinkDrawerDraft;
  onChange: (recipe: (draft: LinkDrawerDraft) => LinkDrawerDraft) => void;
  errors: ReadonlyMap<string, string>;
}

/** The add-validation menu: the types of GET /api/v1/link-validation/types, one card per type. */
export function AddValidationMenu({ draft, onChange }: Omit<LinkValidationsSectionProps, 'errors'>) {
  const types = useLinkValidationTypes();
  const present = new Set(draft.validations.map((v) => v.slug));
  const available = (types.data?.data ?? []).filter((t) => !present.has(t.slug));
  const blocked = types.isPending
    ? 'Loading the validation types'
    : types.isError
      ? 'The validation types could not be loaded'
      : available.length === 0
        ? 'Every validation type is already added'
        : null;
  const add = (slug: LinkValidationSlug, options: readonly string[]) =>
    onChange((d) => ({ ...d, validations: [...d.validations, newLinkValidation(slug, options)] }));

  return (
    <Menu position="bottom-end" withinPortal>
      <Tooltip label={blocked} disabled={blocked === null} withArrow>
        <Menu.Target>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            data-disabled={blocked !== null || undefined}
            aria-disabled={blocked !== null || undefined}
            onClick={(event) => {
              if (blocked !== null) event.preventDefault();
            }}
          >
            Add validation
          </Button>
        </Menu.Target>
      </Tooltip>
      {blocked === null ? (
        <Menu.Dropdown>
          {available.map((type) => (
            <Menu.Item key={type.slug} onClick={() => add(type.slug, type.options)}>
              {type.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      ) : null}
    </Menu>
  );
}

/**
 * The link validations of the link drawer (spec 03 §2 "link validations with an add-validation
 * button", "A notice links to a support article about validations failing because of cookies"):
 * the notice, then one card per validation. Card choices come from GET
 * /api/v1/link-validation/types (cached); while it loads the cards' place shows skeletons, and a
 * failure offers a retry. Removing a validation asks first.
 */
export function LinkValidationsSection({ draft, onChange, errors }: LinkValidationsSectionProps) {
  const types = useLinkValidationTypes();
  const optionOrder = new Map((types.data?.data ?? []).map((t) => [t.slug, t.options]));
  const onCardChange = useCallback(
    (uuid: string, recipe: (validation: LinkValidation) => LinkValidation) =>
      onChange((d) => ({ ...d, validations: d.validations.map((v) => (v.uuid === uuid ? recipe(v) : v)) })),
    [onChange],
  );
  const onRemove = useCallback(
    async (validation: LinkValidation) => {
      const label = types.data?.data.find((t) => t.slug === validation.slug)?.label ?? 'this';
      const confirmed = await confirmAction({
        title: `Remove the ${label} validation?`,
        message: 'Its checks and expected values leave the link when you save the drawer.',
        confirmLabel: 'Remove',
      });
      if (confirmed)
        onChange((d) => ({ ...d, validations: d.validations.filter((v) => v.uuid !== validation.uuid) }));
    },
    [onChange, types.data],
  );

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconCookie aria-hidden />} title="Validations and cookies">
        <Text size="sm">
          A site that loads its tags only after a visitor accepts cookies can fail a validation even though
          its tags are there.{' '}
          <Anchor
            href={LINK_VALIDATION_COOKIE_ARTICLE_URL}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            Why validations fail because of cookies
          </Anchor>
        </Text>
      </Alert>
      {types.isError ? (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title="The validation types could not be loaded"
        >
          <Button size="xs" variant="light" color="red" onClick={() => void types.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {types.isPending ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} aria-busy="true" aria-label="Loading link validations">
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </SimpleGrid>
      ) : draft.validations.length === 0 ? (
        <EmptyState
          py="md"
          icon={<IconShieldCheck size={28} aria-hidden />}
          title="No link validations yet"
          description="Validations check that a link's landing page carries the expected analytics tags: Adobe Analytics, Google Analytics, the Facebook pixel or any pixel URL."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {draft.validations.map((validation) => (
            <LinkValidationCard
              key={validation.uuid}
              validation={validation}
              optionOrder={optionOrder.get(validation.slug)}
              errors={errors}
              onChange={onCardChange}
              onRemove={onRemove}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
