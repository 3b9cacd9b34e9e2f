import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * The outbound rule (ARCHITECTURE.md "Outbound connections"; README "Security"): every connection
 * the server opens for a tenant (SFTP, provider APIs, OAuth endpoints, file sources and pushes,
 * link checks) goes through one {@link OutboundPolicy}. It refuses loopback, private, link-local,
 * carrier-grade NAT, unique-local IPv6, multicast, reserved and cloud-metadata addresses, in every
 * mode, unless the operator's allow-list `OUTBOUND_ALLOW` admits them. The check runs on the
 * address the socket is about to connect to: IP literals before the socket is made, host names in
 * the socket's own DNS lookup (so the connection goes to the very address checked, with no DNS
 * rebinding between check and connect), and again for every redirect, which opens a connection of
 * its own. A refused connection never reaches the network, so the answer is the same whether the
 * port is open or closed.
 */

/** Address ranges the server never connects to for a tenant unless OUTBOUND_ALLOW admits them. */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (and Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (may reach private IPv4)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (AWS's IPv6 metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** `address` without brackets or a zone id (`[fe80::1%eth0]` → `fe80::1`). */
function bare(address: string): string {
  return address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
}

/**
 * The IPv4 address an IPv6 address carries when it is IPv4-mapped (`::ffff:127.0.0.1`,
 * `::ffff:7f00:1`), IPv4-compatible (`::127.0.0.1`) or 6to4 (`2002:7f00:1::`), else null.
 */
function embeddedIPv4(ipv6: string): string | null {
  const groups = expandIPv6(ipv6);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (zeros(0, 6) && (groups[6] !== 0 || groups[7]! > 1)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

/** The eight 16-bit groups of an IPv6 literal (a dotted IPv4 tail is read too), or null. */
function expandIPv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0) return null;
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const start = parse(head);
  const end = parse(tail);
  const fill = tail === undefined ? 0 : 8 - start.length - end.length;
  const groups = [...start, ...new Array<number>(Math.max(fill, 0)).fill(0), ...end];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/**
 * Whether `address` (an IPv4 or IPv6 literal, brackets and zone id allowed) is loopback, private,
 * link-local, CGNAT, unique-local, multicast, reserved or otherwise not a public unicast address.
 * IPv6 addresses that carry an IPv4 address (mapped, compatible, 6to4) are judged as that IPv4
 * address too. Anything that is not an IP literal counts as blocked.
 */
export function isBlockedAddress(address: string): boolean {
  const ip = bare(address);
  const version = isIP(ip);
  if (version === 4) return BLOCKED.check(ip, 'ipv4');
  if (version !== 6) return true;
  const v4 = embeddedIPv4(ip);
  if (v4 && BLOCKED.check(v4, 'ipv4')) return true;
  return BLOCKED.check(ip, 'ipv6');
}

/** The message of a refused connection, the same whatever the port (README "Security"). */
export function refusalMessage(host: string, address: string): string {
  const what = bare(host) === bare(address) ? bare(address) : `${host} is ${bare(address)}`;
  return `Nomen does not connect to private or loopback addresses (${what}); an operator can allow this host with OUTBOUND_ALLOW`;
}

/** A connection the outbound rule refused; its message is {@link refusalMessage}. */
export class OutboundRefusedError extends Error {
  readonly code = 'OUTBOUND_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(refusalMessage(host, address));
    this.name = 'OutboundRefusedError';
  }
}

/** Finds an {@link OutboundRefusedError} in an error or its `cause` chain (fetch wraps it). */
export function outboundRefusalIn(error: unknown): OutboundRefusedError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof OutboundRefusedError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The operator's outbound rule: whether the server may connect to a host and address for a
 * tenant, and the connection makers that apply it (a DNS lookup for sockets, a fetch, http(s)
 * agents, a TCP socket). Made by {@link createOutboundPolicy} from `OUTBOUND_ALLOW`.
 */
export interface OutboundPolicy {
  /** The allow-list entries as configured (CIDRs and host names), for messages and logs. */
  readonly allowList: readonly string[];
  /**
   * Whether the server may connect to `address` (an IP literal) reached through `host` (the name
   * asked for, or the literal itself): a public address, or one OUTBOUND_ALLOW admits by CIDR or by
   * the host's name.
   */
  admits(host: string, address: string): boolean;
  /**
   * The refusal of a host given as an IP literal (or `localhost`) before any connection, or null
   * when the host is a public literal, admitted, or a name that is judged at connect time.
   */
  refusalOfLiteral(host: string): OutboundRefusedError | null;
  /** A DNS lookup for `net`, `tls` and `http` sockets that refuses what the rule refuses. */
  readonly lookup: LookupFunction;
  /** `fetch` whose every connection (redirects included) obeys the rule. */
  readonly fetch: typeof fetch;
  /** Agents for node's http and https clients (AWS SDK, Azure SDK) that obey the rule. */
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;
  /**
   * A TCP connection to `host`:`port` that obeys the rule (ssh2's `sock`): a refused host gives a
   * socket that fails with {@link OutboundRefusedError} before anything reaches the network.
   */
  connect(host: string, port: number): net.Socket;
}

/** One parsed OUTBOUND_ALLOW entry. */
type AllowEntry = { kind: 'net'; list: BlockList } | { kind: 'host'; name: string; wildcard: boolean };

const HOST_NAME = /^(\*\.)?([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * Parses OUTBOUND_ALLOW: comma-separated CIDRs (`10.20.0.0/16`, `fd12::/48`), single addresses
 * (`10.20.0.7`, `::1`) and host names (`aem.corp.example`, or `*.corp.example` for its subdomains).
 * Throws an Error naming the first entry that is none of these.
 */
function parseAllowList(text: string): { entries: AllowEntry[]; raw: string[] } {
  const raw = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const entries = raw.map((entry): AllowEntry => {
    const [address, prefixText, ...extra] = entry.split('/');
    const ip = bare(address ?? '');
    const version = isIP(ip);
    if (version !== 0) {
      const max = version === 4 ? 32 : 128;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (extra.length > 0 || !/^\d+$/.test(prefixText ?? String(max)) || prefix > max)
        throw new Error(`OUTBOUND_ALLOW: "${entry}" is not a CIDR (e.g. 10.20.0.0/16)`);
      const list = new BlockList();
      list.addSubnet(ip, prefix, version === 4 ? 'ipv4' : 'ipv6');
      return { kind: 'net', list };
    }
    const name = entry.toLowerCase().replace(/\.$/, '');
    if (prefixText !== undefined || !HOST_NAME.test(name))
      throw new Error(`OUTBOUND_ALLOW: "${entry}" is neither a CIDR nor a host name`);
    return name.startsWith('*.')
      ? { kind: 'host', name: name.slice(2), wildcard: true }
      : { kind: 'host', name, wildcard: false };
  });
  return { entries, raw };
}

/** Connections that are never made stay pending this long at most before the refusal is given. */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Builds the outbound rule from OUTBOUND_ALLOW's text (empty or undefined: nothing private is
 * admitted). Throws an Error naming a bad entry (config.ts turns it into a start-up error).
 */
export function createOutboundPolicy(allow: string | undefined): OutboundPolicy {
  const { entries, raw } = parseAllowList(allow ?? '');
  const judge = judgeOf(entries);
  const { admits, refusalOfLiteral } = judge;
  const lookup = guardedLookup(judge);
  return {
    allowList: raw,
    admits,
    refusalOfLiteral,
    lookup,
    fetch: guardedFetch(judge, lookup),
    httpAgent: guardAgent(new http.Agent({ lookup }), judge, lookup),
    httpsAgent: guardAgent(new https.Agent({ lookup }), judge, lookup),
    connect(host, port) {
      const refused = refusalOfLiteral(host);
      if (refused) {
        // A socket that is connecting and then fails with the refusal, so a client that waits for
        // 'connect' (ssh2) reports it like any other connection failure.
        return net.connect({
          host: 'outbound-refused.invalid',
          port,
          lookup: (_h, _o, cb) => cb(refused, '', 4),
        });
      }
      return net.connect({ host: bare(host), port, lookup });
    },
  };
}

/** How an allow-list judges a connection: by host and resolved address, or by a literal alone. */
interface OutboundJudge {
  /** Whether a connection to `host` resolved to `address` is admitted ({@link OutboundPolicy}). */
  admits(host: string, address: string): boolean;
  /** The refusal of an IP literal or localhost name not admitted, or null. */
  refusalOfLiteral(host: string): OutboundRefusedError | null;
}

/**
 * The judge of `entries`: a public address is admitted; a blocked one only when an entry's CIDR
 * holds it (or the IPv4 address an IPv6 one embeds) or an entry names its host (a `*.` entry
 * any name under it).
 */
function judgeOf(entries: readonly AllowEntry[]): OutboundJudge {
  const nameAdmitted = (host: string) => {
    const name = bare(host).toLowerCase().replace(/\.$/, '');
    return entries.some(
      (e) => e.kind === 'host' && (e.wildcard ? name.endsWith(`.${e.name}`) : name === e.name),
    );
  };
  const addressAdmitted = (address: string) => {
    const ip = bare(address);
    const version = isIP(ip);
    if (version === 0) return false;
    const type = version === 4 ? 'ipv4' : 'ipv6';
    const v4 = version === 6 ? embeddedIPv4(ip) : null;
    return entries.some(
      (e) => e.kind === 'net' && (e.list.check(ip, type) || (v4 !== null && e.list.check(v4, 'ipv4'))),
    );
  };
  const admits = (host: string, address: string) =>
    !isBlockedAddress(address) || addressAdmitted(address) || nameAdmitted(host);

  const refusalOfLiteral = (host: string): OutboundRefusedError | null => {
    const ip = bare(host);
    if (isIP(ip) !== 0) return admits(ip, ip) ? null : new OutboundRefusedError(ip, ip);
    const name = ip.toLowerCase().replace(/\.$/, '');
    // RFC 6761: localhost names are loopback whatever DNS says.
    if (
      (name === 'localhost' || name.endsWith('.localhost')) &&
      !nameAdmitted(name) &&
      !addressAdmitted('127.0.0.1')
    )
      return new OutboundRefusedError(name, '127.0.0.1');
    return null;
  };
  return { admits, refusalOfLiteral };
}

/**
 * A DNS lookup that refuses a literal the judge refuses, and a name any of whose resolved
 * addresses it refuses (or that resolves to none), with an {@link OutboundRefusedError}.
 */
function guardedLookup({ admits, refusalOfLiteral }: OutboundJudge): LookupFunction {
  return (hostname, options, callback) => {
    // Names, localhost included, are judged by what the resolver answers for them.
    const literal = isIP(bare(hostname)) !== 0 ? refusalOfLiteral(hostname) : null;
    if (literal) return callback(literal, '', 4);
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((a) => !admits(hostname, a.address));
      if (refused) return callback(new OutboundRefusedError(hostname, refused.address), '', 4);
      if (list.length === 0) return callback(new OutboundRefusedError(hostname, '(no address)'), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** A fetch whose every connection goes through the judge: literals at connect, names in `lookup`. */
function guardedFetch({ refusalOfLiteral }: OutboundJudge, lookup: LookupFunction): typeof fetch {
  // Every connection of the fetch goes through this connector: literals are judged here (node
  // makes no lookup for them), names in the lookup.
  const baseConnector = buildConnector({
    lookup,
    timeout: DEFAULT_CONNECT_TIMEOUT_MS,
  } as buildConnector.BuildOptions);
  const connector: buildConnector.connector = (options, callback) => {
    const refused = refusalOfLiteral(options.hostname);
    if (refused) {
      queueMicrotask(() => callback(refused, null));
      return;
    }
    baseConnector(options, callback);
  };
  const dispatcher = new Agent({ connect: connector });
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher } as never)) as unknown as typeof fetch;
}

/** Makes `agent` refuse literals the judge refuses and resolve names through `lookup`. */
function guardAgent<A extends http.Agent>(
  agent: A,
  { refusalOfLiteral }: OutboundJudge,
  lookup: LookupFunction,
): A {
  const create = agent.createConnection.bind(agent) as (
    options: Record<string, unknown>,
    callback: (error: Error | null, socket?: net.Socket) => void,
  ) => net.Socket | undefined;
  (agent as unknown as { createConnection: typeof create }).createConnection = (options, callback) => {
    const refused = refusalOfLiteral(String(options.host ?? options.hostname ?? ''));
    if (refused) {
      process.nextTick(callback, refused);
      return undefined;
    }
    return create({ ...options, lookup }, callback);
  };
  return agent;
}

/** The rule without an allow-list: the default of every connection maker that is not given one. */
export const STRICT_OUTBOUND: OutboundPolicy = createOutboundPolicy(undefined);
