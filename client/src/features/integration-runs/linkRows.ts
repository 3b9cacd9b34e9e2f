import type { IntegrationLink } from '@nomen/shared';

/** One link of one row as the "Short links and QR codes" table shows it. */
export interface LinkRow {
  /** The row's identifier (cv_id). */
  cvId: string;
  /** The row's link as submitted (the bitlink's long URL, else the one the QR image encodes). */
  longUrl: string;
  /** The bitlink Bitly made for it, if any. */
  shortUrl: string | null;
  /** The QR images made for it (the long link or its bitlink), in the order they were made. */
  images: IntegrationLink[];
}

/**
 * Groups a submission's made links (GET …/integration-links, oldest first) into one entry per
 * row and link field (issue 12 item 4: bitlinks and QR images visible on the submission page): the
 * bitlink and the QR images of the same row and field side by side, rows in the order the links
 * were first made.
 */
export function linkRows(links: readonly IntegrationLink[]): LinkRow[] {
  const byRow = new Map<string, LinkRow>();
  for (const link of links) {
    const key = `${link.cv_id}\u0000${link.template_field_id}`;
    let row = byRow.get(key);
    if (!row) {
      row = { cvId: link.cv_id, longUrl: link.long_url, shortUrl: null, images: [] };
      byRow.set(key, row);
    }
    if (link.kind === 'bitly') {
      row.shortUrl = link.short_url;
      row.longUrl = link.long_url;
    } else row.images.push(link);
  }
  return [...byRow.values()];
}

/** Whether a QR image can be shown inline (PNG and SVG); PDF and EPS are offered as downloads. */
export function isInlineImage(link: IntegrationLink): boolean {
  return link.content_type === 'image/png' || link.content_type === 'image/svg+xml';
}
