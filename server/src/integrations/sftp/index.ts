import { integrationProvider } from '../provider';
import { testSftp } from './connection';
import { sftpDeliverer } from './deliverer';

/**
 * The manifest of SFTP (ssh2): the sftp-push deliverer, the sftp-pull file source (source.ts,
 * opened by run-inbound.ts: file pulls have no provider reader) and "Test connection" of the sftp
 * credential family, with the outbound rule and the pinned host key (connection.ts).
 */
export const sftpProvider = integrationProvider({
  name: 'sftp',
  deliverers: { 'sftp-push': sftpDeliverer },
  connectionTests: { sftp: (c, deps) => testSftp(c, deps) },
});
