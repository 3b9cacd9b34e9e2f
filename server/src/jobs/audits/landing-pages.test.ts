import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { landingPageProblems, landingPagesOf } from './landing-pages';

// The landing pages of an audit run, against a local HTTP server (private networks allowed, as
// LINK_CHECKS_ALLOW_PRIVATE_NETWORKS does for the link checks).

let site: Server;
let base: string;

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/ok') res.writeHead(200).end('<p>ok</p>');
    else if (req.url === '/moved') res.writeHead(301, { location: '/ok' }).end();
    else if (req.url === '/broken') res.writeHead(500).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const config = { linkChecks: { allowPrivateNetworks: true, concurrency: 2 } } as unknown as Config;

describe('landingPagesOf', () => {
  it('keeps distinct http(s) links, in order, up to the limit', () => {
    expect(
      landingPagesOf(
        ['https://a.test/1', 'utm_source=x', '', 'https://a.test/1', 'http://b.test/', 'ftp://c.test/'],
        2,
      ),
    ).toEqual(['https://a.test/1', 'http://b.test/']);
  });
});

describe('landingPageProblems', () => {
  it('answers the pages that did not end in a 2xx page, with what to tell', async () => {
    const problems = await landingPageProblems({ config }, [
      `${base}/ok`,
      `${base}/moved`,
      `${base}/gone`,
      `${base}/broken`,
      'http://127.0.0.1:1/closed',
    ]);
    expect(Object.fromEntries(problems)).toEqual({
      [`${base}/gone`]: 'landing page answers 404',
      [`${base}/broken`]: 'landing page answers 500',
      'http://127.0.0.1:1/closed': 'landing page cannot be reached: the connection was refused',
    });
  });

  it('refuses private addresses under the strict outbound rule', async () => {
    const strict = { linkChecks: { allowPrivateNetworks: false, concurrency: 1 } } as unknown as Config;
    const problems = await landingPageProblems({ config: strict }, [`${base}/ok`]);
    expect(problems.get(`${base}/ok`)).toMatch(/^landing page cannot be reached: /);
  });
});
