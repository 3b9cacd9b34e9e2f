import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { LinkPage } from '@nomen/shared';

/**
 * Fetches a landing page for the link checks (issue 12 item 6): GET, at most
 * {@link MAX_REDIRECTS} redirects, {@link FETCH_TIMEOUT_MS} for the whole fetch, the body read up to
 * {@link MAX_BODY_BYTES} (after decompression; the rest is not read). Never throws: a failure is a
 * {@link LinkPage} with status null and the error.
 *
 * SSRF guard: unless private networks are allowed (LINK_CHECKS_ALLOW_PRIVATE_NETWORKS), every hop's
 * address, literal or resolved, must be public; the check runs in the socket's DNS lookup, so the
 * connection goes to the very address checked (no DNS rebinding between check and connect).
 */

/** Redirects followed at most. */
export const MAX_REDIRECTS = 5;
/** Time for the whole fetch, redirects included. */
export const FETCH_TIMEOUT_MS = 10_000;
/** Body bytes read at most. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

const USER_AGENT = 'Mozilla/5.0 (compatible; NomenLinkCheck/1.0)';

/** Addresses a link check never reaches unless private networks are allowed. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (may reach private IPv4)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/**
 * Whether `address` (an IPv4 or IPv6 literal) is loopback, private, link-local or otherwise not a
 * public unicast address. IPv4-mapped IPv6 addresses are judged as their IPv4 address; anything
 * that is not an IP literal counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return BLOCKED.check(bare, 'ipv4');
  if (version !== 6) return true;
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const hexMapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hexMapped) {
    const hi = Number.parseInt(hexMapped[1]!, 16);
    const lo = Number.parseInt(hexMapped[2]!, 16);
    return BLOCKED.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return BLOCKED.check(bare, 'ipv6');
}

/** The error of a refused address (its message is shown to the user as the link's warning). */
export class RefusedAddressError extends Error {}

/** A DNS lookup that refuses private addresses (see {@link isPrivateAddress}). */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused || list.length === 0)
      return callback(
        new RefusedAddressError(`the address ${refused?.address ?? '(none)'} of ${hostname} is not public`),
        '',
        4,
      );
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

interface Hop {
  status: number;
  location: string | null;
  html: string;
}

/** One GET without following redirects; rejects on network errors, refused addresses and the deadline. */
function getOnce(url: URL, allowPrivate: boolean, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    // The deadline ends the attempt whatever the socket or a decoder does.
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
      return reject(new RefusedAddressError(`the address ${host} is not public`));
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
        ...(allowPrivate ? {} : { lookup: guardedLookup }),
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
  if (error instanceof RefusedAddressError) return `refused: ${error.message}`;
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'ABORT_ERR')
    return `timed out after ${timeoutMs / 1000} s`;
  if (e.code === 'ENOTFOUND') return 'the host name does not resolve';
  if (e.code === 'ECONNREFUSED') return 'the connection was refused';
  return e.message || String(error);
}

/**
 * Fetches `link` (see the notes at the top of this file): the final status, the URL after
 * redirects and up to 2 MB of body, within `timeoutMs` (default {@link FETCH_TIMEOUT_MS}) in all; status null with the reason on a network error, a refused
 * address, a timeout, too many redirects or a link that is not http(s).
 */
export async function fetchLinkPage(
  link: string,
  options: { allowPrivateNetworks: boolean; timeoutMs?: number },
): Promise<LinkPage> {
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
      hop = await getOnce(url, options.allowPrivateNetworks, signal);
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
