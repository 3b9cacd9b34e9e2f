/** The parts of `oidc-provider` (no bundled types) the OpenID Connect peer uses. */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host?: string, callback?: () => void): Server;
    proxy: boolean;
  }
}
