import { Alert, Anchor, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  LINK_PAGE_CHECK,
  LINK_VALIDATION_COOKIE_ARTICLE_URL,
  LINK_VALIDATION_TYPES,
  type SubmissionLinkChecks as LinkChecks,
  type LinkValidationSlug,
  linkChecksApi,
  type SubmissionLinkCheck,
} from '@nomen/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/apiFetch';
import { SUBMISSIONS_QUERY_KEY } from '../api';

/** How often the link checks refresh: every 2 s while a link is still pending, else not at all. */
export function linkChecksRefetchInterval(checks: LinkChecks | undefined): number | false {
  return checks?.data.some((l) => l.status === 'Pending') ? 2_000 : false;
}

/** The label of a result's validation: the validation type's label, "Page" for reachability. */
function validationLabel(slug: string): string {
  if (slug === LINK_PAGE_CHECK) return 'Page';
  return LINK_VALIDATION_TYPES[slug as LinkValidationSlug]?.label ?? slug;
}

/** "Row 3" / "Rows 1, 4, 7" (1-based, the first 10 then "and N more"). */
function rowsText(rows: readonly number[]): string {
  const shown = rows.slice(0, 10).map((r) => r + 1);
  const more = rows.length > 10 ? ` and ${rows.length - 10} more` : '';
  return `${rows.length === 1 ? 'Row' : 'Rows'} ${shown.join(', ')}${more}`;
}

function LinkCheckItem(props: { link: SubmissionLinkCheck }) {
  const { link } = props;
  const warnings = link.results.filter((r) => !r.ok);
  return (
    <Stack gap={4} data-testid="link-check" data-link-status={link.status} aria-label={`Link ${link.url}`}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Anchor
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          {link.url}
        </Anchor>
        {link.status === 'Pending' ? (
          <Badge color="gray" variant="light" leftSection={<Loader size={10} />}>
            Checking
          </Badge>
        ) : warnings.length === 0 ? (
          <Badge color="green" variant="light">
            {link.results.length === 0 ? 'Nothing to check' : 'All checks passed'}
          </Badge>
        ) : (
          <Badge color="yellow" variant="light">
            {warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {rowsText(link.row_numbers)}
        {link.checked_at ? ` · checked ${new Date(link.checked_at).toLocaleString()}` : ''}
      </Text>
      {warnings.length > 0 ? (
        <List
          size="sm"
          spacing={2}
          icon={<IconAlertTriangle size={14} color="var(--mantine-color-yellow-7)" aria-hidden />}
        >
          {warnings.map((w) => (
            <List.Item key={`${w.validation}:${w.option}`}>
              <Text span size="sm" fw={500}>
                {validationLabel(w.validation)}:
              </Text>{' '}
              {w.message}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/**
 * "Link checks" of a submission (issue 12 item 6; spec 03 §2 link validation cards): each distinct
 * link of the template's link field with the warnings of the template's link validations (or "All
 * checks passed"), read from GET /api/v1/account/submissions/{id}/link-checks and refreshed while
 * a link is being checked. Without link validations on the template it says so.
 */
export function SubmissionLinkChecks(props: { submissionId: number }) {
  const checks = useQuery({
    // Under the submissions' key, so an edit of the rows reloads the checks.
    queryKey: [...SUBMISSIONS_QUERY_KEY, props.submissionId, 'link-checks'],
    queryFn: ({ signal }) =>
      apiFetch(linkChecksApi.submissionLinkChecks, { params: { id: props.submissionId }, signal }),
    refetchInterval: (query) => linkChecksRefetchInterval(query.state.data),
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm" aria-label="Link checks">
        <Title order={2} size="h5">
          Link checks
        </Title>
        {checks.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading link checks…
            </Text>
          </Group>
        ) : checks.isError ? (
          <Alert color="red" variant="light">
            The link checks could not be loaded: {checks.error.message}
          </Alert>
        ) : checks.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {checks.data.validations_configured
              ? 'No links to check: the rows have no link.'
              : "This template has no link validations. Add them in the link field's drawer to check each link's landing page."}
          </Text>
        ) : (
          <>
            {checks.data.data.map((link) => (
              <LinkCheckItem key={link.url} link={link} />
            ))}
            <Text size="xs" c="dimmed">
              Pages are read as served, without running their scripts or accepting cookies: a tag loaded later
              may show as missing.{' '}
              <Anchor
                href={LINK_VALIDATION_COOKIE_ARTICLE_URL}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
              >
                Why validations can fail
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
