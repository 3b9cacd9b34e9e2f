import { createHash } from 'node:crypto';
import { CUSTOM_BITLINK_MAPPING } from '@nomen/shared';
import * as links from '../../entities/integration-runs/integration-links.repository';
import {
  type Deliverer,
  deliveryFailure,
  flagOn,
  metadataText,
  oauthAccess,
  templateFieldOf,
} from '../../jobs/deliver/context';
import { linkCells } from '../../jobs/deliver/links';
import { ProviderError } from '../provider-error';
import { BitlyClient } from './client';

/**
 * The bitly deliverer (issue 12 item 4; spec 03 §3 bitly_group_id, shortened_url (the branded
 * short domain), custom_bitlink_enabled and its custom_bitlink mapping): shortens each link of the
 * rows in the assignment's group on its domain and keeps each bitlink beside its row
 * (`integration_links`, see the submissions README). With custom bitlinks on, the row's value of
 * the field mapped to custom_bitlink becomes the bitlink's back-half (`domain/value`). A link
 * already shortened for the same row, field, group, domain and back-half is reused, so a retry
 * asks Bitly only for what is missing. A refused token or a refused link is permanent.
 */
export const bitlyDeliverer: Deliverer = async (ctx) => {
  const connector = await ctx.connector();
  const { deps, run, assignment, metadata } = ctx;
  const client = new BitlyClient({
    fetch: deps.config.outbound.fetch,
    baseUrl: deps.config.providers.bitly.baseUrl,
    timeoutMs: deps.config.providers.timeoutMs,
    ...oauthAccess(deps, connector),
  });
  const groupGuid = metadataText(metadata, 'bitly_group_id');
  const domain = metadataText(metadata, 'shortened_url');
  const customField = flagOn(metadata.custom_bitlink_enabled)
    ? templateFieldOf(
        ctx,
        (assignment.mapping_fields ?? []).find((m) => m.fieldName === CUSTOM_BITLINK_MAPPING)?.cvFieldId,
      )
    : null;
  const made = await links.linksOfAssignment(
    deps.db,
    run.account_id,
    assignment.id as number,
    ctx.submission.id,
    'bitly',
  );
  const rowsByCv = new Map(ctx.rows.map((r) => [r.cv_id, r]));
  const out: string[] = [];
  let reused = 0;
  for (const cell of linkCells(ctx)) {
    const keyword =
      customField === null || customField === undefined
        ? ''
        : (rowsByCv.get(cell.cvId)?.data[String(customField)] ?? '').trim();
    const hash = createHash('sha256')
      .update(JSON.stringify([cell.url, groupGuid, domain, keyword]))
      .digest('hex');
    const existing = made.get(`${cell.cvId}:${cell.fieldId}:${hash}`);
    if (existing?.short_url) {
      out.push(existing.short_url);
      reused++;
      continue;
    }
    let shortUrl: string;
    try {
      const bitlink = await client.shorten(cell.url, { groupGuid, domain });
      shortUrl = bitlink.link;
      if (keyword) {
        const custom = `${domain || 'bit.ly'}/${keyword}`;
        try {
          shortUrl = await client.addCustomBitlink(bitlink.id, custom);
        } catch (error) {
          // A custom bitlink an earlier attempt added answers 409 (already a custom bitlink).
          if (!(error instanceof ProviderError && error.status === 409)) throw error;
          shortUrl = `https://${custom}`;
        }
      }
    } catch (error) {
      throw deliveryFailure(error, `Shortening ${cell.url} with Bitly`);
    }
    await links.insertLink(deps.db, {
      account_id: run.account_id,
      assignment_id: assignment.id as number,
      submission_id: ctx.submission.id,
      cv_id: cell.cvId,
      template_field_id: cell.fieldId,
      kind: 'bitly',
      config_hash: hash,
      long_url: cell.url,
      short_url: shortUrl,
    });
    out.push(shortUrl);
  }
  return {
    items: out,
    message: `Shortened ${out.length} ${out.length === 1 ? 'link' : 'links'}${reused ? ` (${reused} reused)` : ''}: ${out.slice(0, 20).join(', ')}${out.length > 20 ? ', …' : ''}`,
  };
};
