import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundPolicy } from '../security/outbound';
import { fetchLinkPage, isPrivateAddress, MAX_BODY_BYTES } from './link-fetch';

// The link checks' fetcher (issue 12 item 6): the SSRF guard (private addresses refused unless
// LINK_CHECKS_ALLOW_PRIVATE_NETWORKS), redirects, the body cap, against a local HTTP server.

let site: Server;
let port: number;

beforeAll(async () => {
  site = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/page') res.writeHead(200).end('<p>hello</p>');
    else if (path === '/zipped')
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('<p>zipped</p>'));
    else if (path === '/big') res.writeHead(200).end('x'.repeat(MAX_BODY_BYTES + 1000));
    else if (path === '/slow') res.writeHead(200).write('<p>never ends');
    else if (path.startsWith('/hop/')) {
      const n = Number(path.slice(5));
      res.writeHead(301, { location: n > 0 ? `/hop/${n - 1}` : '/page' }).end();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(() => {
  site.closeAllConnections();
  return new Promise((resolve) => site.close(resolve));
});

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::1]',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('fetchLinkPage', () => {
  it('refuses a loopback address, literal or by name, without the flag', async () => {
    const literal = await fetchLinkPage(`http://127.0.0.1:${port}/page`, { allowPrivateNetworks: false });
    expect(literal).toMatchObject({ status: null, html: '' });
    expect(literal.error).toBe(
      'refused: Nomen does not connect to private or loopback addresses (127.0.0.1); an operator can allow this host with OUTBOUND_ALLOW',
    );
    const named = await fetchLinkPage(`http://localhost:${port}/page`, { allowPrivateNetworks: false });
    expect(named.status).toBeNull();
    expect(named.error).toMatch(/^refused: Nomen does not connect .*\(localhost is .*\); .*OUTBOUND_ALLOW$/);
  });
  it("fetches a private page the operator's OUTBOUND_ALLOW admits, without the flag", async () => {
    const page = await fetchLinkPage(`http://127.0.0.1:${port}/hop/1`, {
      allowPrivateNetworks: false,
      outbound: createOutboundPolicy('127.0.0.1/32'),
    });
    expect(page).toMatchObject({ status: 200, error: null });
  });
  it('refuses the cloud metadata address written as IPv4-mapped IPv6', async () => {
    const metadata = await fetchLinkPage('http://[::ffff:169.254.169.254]/latest', {
      allowPrivateNetworks: false,
    });
    expect(metadata.error).toMatch(/^refused/);
  });
  it('fetches a local page with the flag, following redirects (at most 5)', async () => {
    const page = await fetchLinkPage(`http://127.0.0.1:${port}/hop/4`, { allowPrivateNetworks: true });
    expect(page).toEqual({
      status: 200,
      finalUrl: `http://127.0.0.1:${port}/page`,
      html: '<p>hello</p>',
      error: null,
    });
    const tooMany = await fetchLinkPage(`http://127.0.0.1:${port}/hop/5`, { allowPrivateNetworks: true });
    expect(tooMany).toMatchObject({ status: null, error: 'more than 5 redirects' });
  });
  it('answers the status of a missing page, decompresses gzip and caps the body at 2 MB', async () => {
    expect(
      (await fetchLinkPage(`http://127.0.0.1:${port}/gone`, { allowPrivateNetworks: true })).status,
    ).toBe(404);
    expect(
      (await fetchLinkPage(`http://127.0.0.1:${port}/zipped`, { allowPrivateNetworks: true })).html,
    ).toBe('<p>zipped</p>');
    const big = await fetchLinkPage(`http://127.0.0.1:${port}/big`, { allowPrivateNetworks: true });
    expect(big.status).toBe(200);
    expect(big.html.length).toBe(MAX_BODY_BYTES);
  });
  it('gives up at the deadline', async () => {
    const slow = await fetchLinkPage(`http://127.0.0.1:${port}/slow`, {
      allowPrivateNetworks: true,
      timeoutMs: 300,
    });
    expect(slow).toMatchObject({ status: null, error: 'timed out after 0.3 s' });
  });
  it('refuses links that are not http(s)', async () => {
    expect(await fetchLinkPage('ftp://example.com/x', { allowPrivateNetworks: true })).toMatchObject({
      status: null,
      error: 'the scheme ftp: is not fetched',
    });
  });
});
