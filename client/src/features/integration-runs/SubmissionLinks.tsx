import {
  ActionIcon,
  Alert,
  Anchor,
  CopyButton,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { integrationRunsApi } from '@nomen/shared';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/apiFetch';
import { isInlineImage, type LinkRow, linkRows } from './linkRows';

function ShortLink(props: { url: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor href={props.url} target="_blank" rel="noopener noreferrer" size="sm">
        {props.url}
      </Anchor>
      <CopyButton value={props.url}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy the short link'} withArrow>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={`Copy ${props.url}`}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function QrImages(props: { row: LinkRow }) {
  return (
    <Group gap="xs">
      {props.row.images.map((image) =>
        image.image_url === null ? null : (
          <Stack key={image.id} gap={2} align="center">
            {isInlineImage(image) ? (
              <Image
                src={image.image_url}
                alt={`QR code of ${image.long_url}`}
                w={72}
                h={72}
                fit="contain"
                loading="lazy"
              />
            ) : null}
            <Anchor href={image.image_url} download size="xs">
              <Group gap={2} wrap="nowrap">
                <IconDownload size={12} aria-hidden />
                {(image.file_type ?? 'image').toUpperCase()}
              </Group>
            </Anchor>
          </Stack>
        ),
      )}
    </Group>
  );
}

/**
 * "Short links and QR codes" of a submission (issue 12 item 4: Bitly writes the shortened URL back
 * per row, QRCode Monkey makes a QR image per link): per row and link, the bitlink with a copy
 * button and the QR images (PNG and SVG shown, every type downloadable), read from
 * GET /api/v1/account/submissions/{id}/integration-links. `refreshKey` changes when a run of the
 * submission ends, so links a run just made appear. Shown only when a link integration made some.
 */
export function SubmissionLinks(props: { submissionId: number; refreshKey: number }) {
  const links = useQuery({
    queryKey: ['integration-runs', 'submission', props.submissionId, 'links', props.refreshKey],
    queryFn: ({ signal }) =>
      apiFetch(integrationRunsApi.submissionLinks, { params: { id: props.submissionId }, signal }),
    placeholderData: (previous) => previous,
  });
  if (links.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading short links…
        </Text>
      </Group>
    );
  if (links.isError)
    return (
      <Alert color="red" variant="light">
        The short links and QR codes could not be loaded: {links.error.message}
      </Alert>
    );
  const rows = linkRows(links.data.data);
  if (rows.length === 0) return null;
  const hasShort = rows.some((r) => r.shortUrl !== null);
  const hasQr = rows.some((r) => r.images.length > 0);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" aria-label="Short links and QR codes">
        <Title order={2} size="h5">
          Short links and QR codes
        </Title>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Link</Table.Th>
              {hasShort ? <Table.Th>Short link</Table.Th> : null}
              {hasQr ? <Table.Th>QR code</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.cvId}:${row.longUrl}`} data-testid="made-link">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.cvId}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.longUrl}</Table.Td>
                {hasShort ? (
                  <Table.Td>{row.shortUrl ? <ShortLink url={row.shortUrl} /> : '—'}</Table.Td>
                ) : null}
                {hasQr ? <Table.Td>{row.images.length > 0 ? <QrImages row={row} /> : '—'}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
