import http from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { LinkPage } from '@nomen/shared';
import {
  isBlockedAddress,
  type OutboundPolicy,
  OutboundRefusedError,
  STRICT_OUTBOUND,
} from '../security/outbound';

/**
 * Fetches a landing page for the link checks (issue 12 item 6): GET, at most
 * {@link MAX_REDIRECTS} redirects, {@link FETCH_TIMEOUT_MS} for the whole fetch, the body read up to
 * {@link MAX_BODY_BYTES} (after decompression; the rest is not read). Never throws: a failure is a
 * {@link LinkPage} with status null and the error.
 *
 * SSRF guard: unless private networks are allowed (LINK_CHECKS_ALLOW_PRIVATE_NETWORKS), every hop
 * obeys the server's outbound rule (security/outbound.ts, OUTBOUND_ALLOW): its address, literal or
 * resolved, must be public or admitted; the check runs in the socket's DNS lookup, so the
 * connection goes to the very address checked (no DNS rebinding between check and connect).
 */

/** Redirects followed at most. */
export const MAX_REDIRECTS = 5;
/** Time for the whole fetch, redirects included. */
export const FETCH_TIMEOUT_MS = 10_000;
/** Body bytes read at most. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

const USER_AGENT = 'Mozilla/5.0 (compatible; NomenLinkCheck/1.0)';

/**
 * Whether `address` is loopback, private, link-local or otherwise not a public unicast address:
 * the outbound rule's ranges ({@link isBlockedAddress} in security/outbound.ts).
 */
export const isPrivateAddress = isBlockedAddress;

interface Hop {
  status: number;
  location: string | null;
  html: string;
}

/**
 * One GET without following redirects; rejects on network errors, refused addresses and the
 * deadline. `outbound` null: any address (LINK_CHECKS_ALLOW_PRIVATE_NETWORKS).
 */
function getOnce(url: URL, outbound: OutboundPolicy | null, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    // The deadline ends the attempt whatever the socket or a decoder does.
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    const refused = outbound?.refusalOfLiteral(url.hostname);
    if (refused) return reject(refused);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
        },
        ...(outbound ? { lookup: outbound.lookup } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location ?? null;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          return resolve({ status, location, html: '' });
        }
        const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
        const decoder =
          encoding === 'gzip' || encoding === 'x-gzip'
            ? createGunzip()
            : encoding === 'deflate'
              ? createInflate()
              : encoding === 'br'
                ? createBrotliDecompress()
                : null;
        const body = decoder ? response.pipe(decoder) : response;
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          resolve({ status, location: null, html: Buffer.concat(chunks).toString('utf8') });
        };
        body.on('data', (chunk: Buffer) => {
          if (done) return;
          const room = MAX_BODY_BYTES - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += Math.min(chunk.length, room);
          if (size >= MAX_BODY_BYTES) {
            finish();
            response.destroy();
          }
        });
        body.on('end', finish);
        // A broken body after some bytes still answers what was read.
        body.on('error', (error) => (size > 0 ? finish() : reject(error)));
      },
    );
    request.on('error', reject);
  });
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof OutboundRefusedError) return `refused: ${error.message}`;
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'ABORT_ERR')
    return `timed out after ${timeoutMs / 1000} s`;
  if (e.code === 'ENOTFOUND') return 'the host name does not resolve';
  if (e.code === 'ECONNREFUSED') return 'the connection was refused';
  return e.message || String(error);
}

/**
 * Fetches `link` (see the notes at the top of this file): the final status, the URL after
 * redirects and up to 2 MB of body, within `timeoutMs` (default {@link FETCH_TIMEOUT_MS}) in all,
 * through `outbound` (the server's rule; the strict one by default); status null with the reason on a network error, a refused
 * address, a timeout, too many redirects or a link that is not http(s).
 */
export async function fetchLinkPage(
  link: string,
  options: { allowPrivateNetworks: boolean; outbound?: OutboundPolicy; timeoutMs?: number },
): Promise<LinkPage> {
  const outbound = options.allowPrivateNetworks ? null : (options.outbound ?? STRICT_OUTBOUND);
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { status: null, finalUrl: link, html: '', error: 'the link is not a valid address' };
  }
  const signal = AbortSignal.timeout(timeoutMs);
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return {
        status: null,
        finalUrl: url.href,
        html: '',
        error: `the scheme ${url.protocol} is not fetched`,
      };
    let hop: Hop;
    try {
      hop = await getOnce(url, outbound, signal);
    } catch (error) {
      return { status: null, finalUrl: url.href, html: '', error: describe(error, timeoutMs) };
    }
    if (hop.location === null) return { status: hop.status, finalUrl: url.href, html: hop.html, error: null };
    if (redirects >= MAX_REDIRECTS)
      return { status: null, finalUrl: url.href, html: '', error: `more than ${MAX_REDIRECTS} redirects` };
    try {
      url = new URL(hop.location, url);
    } catch {
      return { status: null, finalUrl: url.href, html: '', error: 'a redirect to an invalid address' };
    }
  }
}
