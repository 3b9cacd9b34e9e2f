import { createHash } from 'node:crypto';
import {
  QR_CODE_TYPES,
  QR_FILE_TYPES,
  QR_METADATA_KEYS,
  QR_MIN_SIZE,
  type QrCodeType,
  type QrFileType,
  qrConfigProblems,
} from '@nomen/shared';
import * as links from '../../entities/integration-runs/integration-links.repository';
import * as runs from '../../entities/integration-runs/integration-runs.repository';
import { type Deliverer, deliveryFailure, flagOn, metadataText } from '../../jobs/deliver/context';
import { linkCells } from '../../jobs/deliver/links';
import { DeliveryError } from '../../jobs/delivery';
import { QrCodeMonkeyClient } from './client';

/** The QR settings of an assignment (spec 03 §3 "QR code generator metadata", §5, §9). */
export interface QrSettings {
  type: QrCodeType;
  fileType: QrFileType;
  size: number;
  config: Record<string, unknown>;
  useShortened: boolean;
  dontRegenerate: boolean;
  background: string;
  x: number;
  y: number;
}

/**
 * Reads and checks the QR settings (spec 03 §5 "QR code settings"): type classic or transparent,
 * file type png/svg/pdf/eps, size a number ≥ 300, config empty or a JSON object of allowed keys.
 * Throws DeliveryError (permanent) naming what is wrong.
 */
export function qrSettings(metadata: Readonly<Record<string, unknown>>): QrSettings {
  const type = (metadataText(metadata, QR_METADATA_KEYS.type) || 'classic') as QrCodeType;
  if (!QR_CODE_TYPES.includes(type))
    throw new DeliveryError(`The QR code type "${type}" is not one of classic, transparent`, true);
  const fileType = (metadataText(metadata, QR_METADATA_KEYS.fileType) || 'png') as QrFileType;
  if (!QR_FILE_TYPES.includes(fileType))
    throw new DeliveryError(`The QR file type "${fileType}" is not one of ${QR_FILE_TYPES.join(', ')}`, true);
  const sizeText = metadataText(metadata, QR_METADATA_KEYS.size) || String(QR_MIN_SIZE);
  const size = Number(sizeText);
  if (!Number.isInteger(size) || size < QR_MIN_SIZE)
    throw new DeliveryError(
      `The QR size must be a whole number of at least ${QR_MIN_SIZE} (it is ${sizeText})`,
      true,
    );
  const configText = metadataText(metadata, QR_METADATA_KEYS.config);
  const [problem] = qrConfigProblems(configText);
  if (problem)
    throw new DeliveryError(
      problem.kind === 'invalidJson'
        ? 'The QR config is not a JSON object'
        : `The QR config has the key "${problem.key}", which QRCode Monkey does not take`,
      true,
    );
  const number = (key: string) => Number(metadataText(metadata, key) || 0) || 0;
  return {
    type,
    fileType,
    size,
    config: configText ? (JSON.parse(configText) as Record<string, unknown>) : {},
    useShortened: flagOn(metadata[QR_METADATA_KEYS.useShortened]),
    dontRegenerate: flagOn(metadata[QR_METADATA_KEYS.dontRegenerate]),
    background: metadataText(metadata, QR_METADATA_KEYS.background),
    x: number(QR_METADATA_KEYS.xOffset),
    y: number(QR_METADATA_KEYS.yOffset),
  };
}

/** A file name for a row's QR image: its cv_id, the link field's name and the file type. */
function imageName(cvId: string, fieldName: string, fileType: string): string {
  return `${`${cvId}-${fieldName}`.replace(/[^\w.-]+/g, '_')}.${fileType}`;
}

/**
 * The qr-code-monkey deliverer (issue 12 item 4): one QR image per link of the rows in the chosen
 * type, file type, size and design config, rendered by QRCode Monkey and kept beside its row
 * (`integration_links`, see the submissions README). With "use shortened" the code holds the
 * row's bitlink where a Bitly integration made one (the run waits, retrying, while the
 * submission's Bitly runs have not ended; where none made a bitlink the long link is used). An image made before with the same link and
 * settings is reused (with "don't regenerate", any image made before for that row and field), so
 * a retry renders only what is missing. Bad settings and a refused key are permanent.
 */
export const qrCodeMonkeyDeliverer: Deliverer = async (ctx) => {
  const settings = qrSettings(ctx.metadata);
  const connector = await ctx.connector();
  const c = connector.credentials;
  const apiKey = c.family === 'simple-key' ? (c.api_key ?? '') : '';
  const { deps, run, assignment } = ctx;
  const client = new QrCodeMonkeyClient({
    fetch: deps.config.outbound.fetch,
    baseUrl: deps.config.providers.qrCodeMonkey.baseUrl,
    timeoutMs: deps.config.providers.timeoutMs,
    getAccessToken: async () => apiKey,
  });
  if (settings.useShortened) {
    // The bitlinks come from the submission's Bitly runs: wait (retry) until they have ended.
    if (await runs.hasUnfinishedRunsOf(deps.db, run.account_id, ctx.submission.id, 'bitly'))
      throw new DeliveryError('Waiting for the Bitly integration to shorten the links first', false);
  }
  const shortLinks = settings.useShortened
    ? await links.shortLinksOfSubmission(deps.db, run.account_id, ctx.submission.id)
    : new Map<string, string>();
  const made = await links.linksOfAssignment(
    deps.db,
    run.account_id,
    assignment.id as number,
    ctx.submission.id,
    'qr',
  );
  const madeForCell = new Map([...made.values()].map((r) => [`${r.cv_id}:${r.template_field_id}`, r]));
  const out: string[] = [];
  let reused = 0;
  for (const cell of linkCells(ctx)) {
    const data = shortLinks.get(`${cell.cvId}:${cell.fieldId}`) ?? cell.url;
    const { useShortened: _u, dontRegenerate: _d, ...look } = settings;
    const hash = createHash('sha256')
      .update(JSON.stringify([data, look]))
      .digest('hex');
    const name = imageName(cell.cvId, cell.fieldName, settings.fileType);
    const existing = settings.dontRegenerate
      ? madeForCell.get(`${cell.cvId}:${cell.fieldId}`)
      : made.get(`${cell.cvId}:${cell.fieldId}:${hash}`);
    if (existing) {
      out.push(imageName(cell.cvId, cell.fieldName, existing.file_type ?? settings.fileType));
      reused++;
      continue;
    }
    let image: Awaited<ReturnType<QrCodeMonkeyClient['render']>>;
    try {
      image = await client.render({
        data,
        size: settings.size,
        file: settings.fileType,
        config: settings.config,
        type: settings.type,
        background: settings.background,
        x: settings.x,
        y: settings.y,
      });
    } catch (error) {
      throw deliveryFailure(error, `Making the QR code of ${data} with QRCode Monkey`);
    }
    await links.insertLink(deps.db, {
      account_id: run.account_id,
      assignment_id: assignment.id as number,
      submission_id: ctx.submission.id,
      cv_id: cell.cvId,
      template_field_id: cell.fieldId,
      kind: 'qr',
      config_hash: hash,
      long_url: data,
      file_type: settings.fileType,
      content_type: image.contentType,
      content: Buffer.from(image.body),
    });
    out.push(name);
  }
  return {
    items: out,
    message: `Made ${out.length} QR ${out.length === 1 ? 'code' : 'codes'}${reused ? ` (${reused} reused)` : ''}: ${out.slice(0, 20).join(', ')}${out.length > 20 ? ', …' : ''}`,
  };
};
