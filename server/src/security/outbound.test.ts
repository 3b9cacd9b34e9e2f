import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundPolicy, isBlockedAddress, OutboundRefusedError, outboundRefusalIn } from './outbound';

// The outbound rule (README "Security"): the blocked ranges, the operator's allow-list, and the
// connection makers refusing before any byte is sent, names and redirects included. The HTTP
// server below listens on 127.0.0.1 only.

const REFUSAL =
  /^Nomen does not connect to private or loopback addresses \(.+\); an operator can allow this host with OUTBOUND_ALLOW$/;

let site: Server;
let port: number;
let closedPort: number;
let hits = 0;

beforeAll(async () => {
  site = createServer((req, res) => {
    hits++;
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) {
      res.writeHead(302, { location: to });
      return res.end();
    }
    res.end('hello');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
  // A port nothing listens on: a server started and closed again.
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closedPort = (gone.address() as AddressInfo).port;
  await new Promise((resolve) => gone.close(resolve));
});

afterAll(() => {
  site.closeAllConnections();
  return new Promise((resolve) => site.close(resolve));
});

describe('isBlockedAddress', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback /8', '127.8.9.10'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.31.255.255'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local and cloud metadata', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['Alibaba metadata in CGNAT', '100.100.100.200'],
    ['Oracle metadata', '192.0.0.192'],
    ['this network', '0.0.0.0'],
    ['multicast', '224.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['unique local', 'fd12:3456::1'],
    ['AWS IPv6 metadata', 'fd00:ec2::254'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback in hex', '::ffff:7f00:1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['6to4 of a private address', '2002:c0a8:101::1'],
    ['NAT64 of anything', '64:ff9b::a00:1'],
    ['bracketed IPv6', '[::1]'],
    ['not an address', 'example.com'],
  ])('refuses %s (%s)', (_what, address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('OUTBOUND_ALLOW', () => {
  it('admits private addresses by CIDR, single address or host name, and nothing else', () => {
    const policy = createOutboundPolicy(
      ' 10.20.0.0/16, 192.168.7.7 ,fd12::/16, aem.corp.example, *.sftp.corp.example ',
    );
    expect(policy.admits('10.20.3.4', '10.20.3.4')).toBe(true);
    expect(policy.admits('10.21.0.1', '10.21.0.1')).toBe(false);
    expect(policy.admits('192.168.7.7', '192.168.7.7')).toBe(true);
    expect(policy.admits('192.168.7.8', '192.168.7.8')).toBe(false);
    expect(policy.admits('fd12::9', 'fd12::9')).toBe(true);
    expect(policy.admits('x', '::ffff:10.20.0.1')).toBe(true);
    expect(policy.admits('AEM.corp.example.', '10.99.0.1')).toBe(true);
    expect(policy.admits('files.sftp.corp.example', '10.99.0.2')).toBe(true);
    expect(policy.admits('sftp.corp.example', '10.99.0.2')).toBe(false);
    expect(policy.admits('other.corp.example', '10.99.0.1')).toBe(false);
    expect(policy.admits('example.com', '93.184.216.34')).toBe(true);
    expect(policy.allowList).toEqual([
      '10.20.0.0/16',
      '192.168.7.7',
      'fd12::/16',
      'aem.corp.example',
      '*.sftp.corp.example',
    ]);
  });

  it('refuses a bad entry naming it', () => {
    expect(() => createOutboundPolicy('10.0.0.0/33')).toThrow(/OUTBOUND_ALLOW: "10.0.0.0\/33"/);
    expect(() => createOutboundPolicy('http://host/')).toThrow(/OUTBOUND_ALLOW: "http:\/\/host\/"/);
    expect(() => createOutboundPolicy('10.0.0.0/8/1')).toThrow(/OUTBOUND_ALLOW/);
  });

  it('judges literals and localhost before connecting, names when they resolve', () => {
    const strict = createOutboundPolicy(undefined);
    expect(strict.refusalOfLiteral('169.254.169.254')?.message).toBe(
      'Nomen does not connect to private or loopback addresses (169.254.169.254); an operator can allow this host with OUTBOUND_ALLOW',
    );
    expect(strict.refusalOfLiteral('[::ffff:127.0.0.1]')).toBeInstanceOf(OutboundRefusedError);
    expect(strict.refusalOfLiteral('localhost')?.message).toMatch(REFUSAL);
    expect(strict.refusalOfLiteral('api.localhost')).toBeInstanceOf(OutboundRefusedError);
    expect(strict.refusalOfLiteral('8.8.8.8')).toBeNull();
    expect(strict.refusalOfLiteral('example.com')).toBeNull();
    expect(createOutboundPolicy('127.0.0.1/32').refusalOfLiteral('127.0.0.1')).toBeNull();
  });
});

describe('connections through the rule', () => {
  it('refuses loopback with the same message whether the port is open or closed, sending nothing', async () => {
    const strict = createOutboundPolicy('');
    const before = hits;
    const open = await strict.fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    const closed = await strict.fetch(`http://127.0.0.1:${closedPort}/`).catch((e: unknown) => e);
    expect(outboundRefusalIn(open)?.message).toBe(
      'Nomen does not connect to private or loopback addresses (127.0.0.1); an operator can allow this host with OUTBOUND_ALLOW',
    );
    expect(outboundRefusalIn(closed)?.message).toBe(outboundRefusalIn(open)?.message);
    expect(hits).toBe(before);
  });

  it('refuses a host name that resolves to a private address', async () => {
    const strict = createOutboundPolicy('');
    const error = await strict.fetch(`http://localhost:${port}/`).catch((e: unknown) => e);
    expect(outboundRefusalIn(error)?.message).toMatch(REFUSAL);
    const lookedUp = await new Promise<Error | null>((resolve) =>
      strict.lookup('localhost', {}, (e) => resolve(e)),
    );
    expect(outboundRefusalIn(lookedUp)?.message).toMatch(
      /^Nomen does not connect .*\(localhost is (127\.0\.0\.1|::1)\)/,
    );
  });

  it('fetches an admitted address, and refuses a redirect from it to a private one', async () => {
    const local = createOutboundPolicy('127.0.0.1/32');
    const page = await local.fetch(`http://127.0.0.1:${port}/`);
    expect(await page.text()).toBe('hello');
    const toMetadata = await local
      .fetch(`http://127.0.0.1:${port}/?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`)
      .catch((e: unknown) => e);
    expect(outboundRefusalIn(toMetadata)?.message).toContain('(169.254.169.254)');
    const toOtherLoopback = await local
      .fetch(`http://127.0.0.1:${port}/?to=${encodeURIComponent(`http://127.0.0.2:${port}/`)}`)
      .catch((e: unknown) => e);
    expect(outboundRefusalIn(toOtherLoopback)?.message).toContain('(127.0.0.2)');
  });

  it('gives node http clients and sockets the same refusal', async () => {
    const strict = createOutboundPolicy(undefined);
    const viaAgent = await new Promise<Error>((resolve) => {
      const request = get({ host: '127.0.0.1', port, agent: strict.httpAgent }, () =>
        resolve(new Error('connected')),
      );
      request.on('error', resolve);
    });
    expect(viaAgent).toBeInstanceOf(OutboundRefusedError);
    const socketError = await new Promise<Error>((resolve) => {
      const socket = strict.connect('127.0.0.1', port);
      socket.on('connect', () => resolve(new Error('connected')));
      socket.on('error', resolve);
    });
    expect(socketError.message).toBe(viaAgent.message);
    const admitted = await new Promise<string>((resolve, reject) => {
      const socket = createOutboundPolicy('127.0.0.1').connect('127.0.0.1', port);
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', reject);
    });
    expect(admitted).toBe('connected');
  });
});
