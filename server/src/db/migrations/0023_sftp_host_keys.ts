import type { Kysely } from 'kysely';

/**
 * SFTP host-key pinning (README "Security"): `connectors.sftp_host_key` holds the SHA-256
 * fingerprint (`SHA256:` and unpadded base64, as OpenSSH prints it) of the host key an SFTP
 * account's server presented at the first successful connection test. Every later connection
 * refuses another key until an admin accepts it; a save that changes the host or port clears it.
 * Null: not pinned yet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('connectors').addColumn('sftp_host_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('connectors').dropColumn('sftp_host_key').execute();
}
