import type { IncomingMessage, ServerResponse } from 'node:http';
import supertest from 'supertest';
import { TEST_PASSWORD, type TestContext } from './test-context';

/**
 * Signs people in through the test app wrapped so that every answer's headers and body are
 * pushed onto `seen` as text: for tests that prove no secret ever leaves the server in a
 * response (ARCHITECTURE.md, security rules). `context` answers the test context (made in a
 * beforeAll). The returned function signs `email` in with TEST_PASSWORD and answers the agent;
 * it throws when the sign-in is refused.
 */
export function recordingSignIn(
  context: () => TestContext,
  seen: string[],
): (email: string) => Promise<supertest.Agent> {
  const app = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, ...rest: never[]) => {
      if (chunk) chunks.push(Buffer.from(chunk as string));
      return write(chunk as string, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: never[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
      seen.push(JSON.stringify(res.getHeaders()), Buffer.concat(chunks).toString('utf8'));
      return end(chunk as string, ...rest);
    }) as typeof res.end;
    context().app(req as never, res as never);
  };
  return async (email) => {
    const agent = supertest.agent(app);
    const res = await agent.post('/api/v1/auth/login').send({ email, password: TEST_PASSWORD });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
    return agent;
  };
}
