import { z } from 'zod';
import { type ProviderErrorDetail, stringAt } from './provider-http';

/**
 * What the Google REST APIs the clients call (CM360, DV360, GA Admin, GA Data, Google Ads) share by
 * Google's own API design rules, not by likeness: the error envelope
 * (https://cloud.google.com/apis/design/errors, `{ error: { code, message, status } }`) and list
 * paging by page token (https://google.aip.dev/158: `pageToken` in, `nextPageToken` out, absent
 * or empty on the last page).
 */

/** Google's error envelope `{ error: { code, message, status } }` as a ProviderHttp `readError`: message and status. */
export function readGoogleError(body: unknown): ProviderErrorDetail {
  return { message: stringAt(body, 'error', 'message'), code: stringAt(body, 'error', 'status') };
}

/**
 * A Google list answer `{ <key>: [...], nextPageToken }` read as `{ items, nextPageToken }`, each
 * item parsed by `item` (no `<key>`: no items, as Google leaves an empty list out).
 */
export function googleListSchema<T extends z.ZodType>(key: string, item: T) {
  return z.preprocess(
    (body) =>
      body && typeof body === 'object' && !Array.isArray(body)
        ? {
            items: (body as Record<string, unknown>)[key],
            nextPageToken: (body as Record<string, unknown>).nextPageToken,
          }
        : body,
    z.object({ items: z.array(item).default([]), nextPageToken: z.string().optional() }),
  );
}

/** The most pages a Google list is followed for (README.md "pagination": capped at 1,000 pages). */
const MAX_PAGES = 1000;

/**
 * Every item of a Google list, in order: asks `fetchPage` for the first page (no token), then for
 * the page of each `nextPageToken` until a page has none (or an empty one), at most 1,000 pages.
 * A failing page throws what `fetchPage` throws.
 */
export async function everyGooglePage<T>(
  fetchPage: (
    pageToken: string | undefined,
  ) => Promise<{ items: readonly T[]; nextPageToken?: string | undefined }>,
): Promise<T[]> {
  const all: T[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await fetchPage(pageToken);
    all.push(...answer.items);
    pageToken = answer.nextPageToken;
    if (!pageToken) break;
  }
  return all;
}
