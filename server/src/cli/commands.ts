import { AppError } from '@nomen/shared';
import { migrateToLatest } from '../db/migrate';
import { createAccount, setUserDisabled } from '../entities/accounts/accounts.service';
import type { AppDeps } from '../http/context';
import { seedDemo } from '../seed/seed';
import { rotateSecretKey } from './rotate-secret-key';

/** What a command printed, line by line. */
export type CommandOutput = string[];

/** The operator commands (issue 2 §8), with the options each takes. */
export const COMMANDS = {
  migrate: 'Bring the database schema up to date.',
  seed: 'Create the demo account "Acme Marketing" unless it exists (never in production).',
  'create-account':
    'create-account --name NAME --admin-email EMAIL: a new account and its admin; prints the activation link.',
  'disable-user':
    'disable-user --email EMAIL: the user can no longer sign in and is shown read-only; their sessions end.',
  'enable-user': 'enable-user --email EMAIL: lets a disabled user sign in again.',
  'rotate-secret-key':
    'Re-encrypts every connected-account and single sign-on secret under NOMEN_SECRET_KEY, opening old ones with NOMEN_PREVIOUS_SECRET_KEYS (one transaction).',
} as const;

/**
 * Runs one operator command against the database of `deps` and returns what it printed. The
 * same code runs in the CLI (direct database) and in a running embedded server (through its
 * control socket). Throws AppError with a message for the operator on bad arguments.
 */
export async function runCommand(
  deps: AppDeps,
  command: string,
  args: Record<string, string>,
): Promise<CommandOutput> {
  switch (command) {
    case 'migrate': {
      const applied = await migrateToLatest(deps.db);
      return [applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.'];
    }
    case 'seed': {
      if (deps.config.isProduction)
        throw new AppError('BAD_REQUEST', 'Demo data is never seeded in production.');
      await migrateToLatest(deps.db);
      const result = await seedDemo(deps);
      return result ? result.lines : ['The demo account exists already; nothing seeded.'];
    }
    case 'create-account': {
      const name = args.name?.trim();
      const email = args['admin-email']?.trim();
      if (!name) throw new AppError('BAD_REQUEST', 'create-account needs --name NAME');
      if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
        throw new AppError('BAD_REQUEST', 'create-account needs --admin-email with a valid email address');
      }
      await migrateToLatest(deps.db);
      const created = await createAccount(deps, { name, adminEmail: email });
      return [
        `Created account "${name}" (id ${created.accountId}, uuid ${created.accountUuid}).`,
        `Admin ${email} activates here: ${created.activationLink}`,
      ];
    }
    case 'disable-user':
    case 'enable-user': {
      const email = args.email?.trim().toLowerCase();
      if (!email) throw new AppError('BAD_REQUEST', `${command} needs --email EMAIL`);
      const disabled = command === 'disable-user';
      const user = await setUserDisabled(deps, email, disabled);
      return [`${user.name} <${email}> is now ${disabled ? 'disabled' : 'enabled'}.`];
    }
    case 'rotate-secret-key': {
      await migrateToLatest(deps.db);
      const r = await rotateSecretKey(deps);
      return [
        `Re-encrypted ${r.reencrypted} secret${r.reencrypted === 1 ? '' : 's'} of ${r.connectors} connected account${r.connectors === 1 ? '' : 's'} under the current key; ${r.unchanged} already were.`,
        ...(r.identityProviders > 0
          ? [
              `Single sign-on: ${r.identityProviders} identity provider client secret${r.identityProviders === 1 ? '' : 's'} among them.`,
            ]
          : []),
      ];
    }
    default:
      throw new AppError(
        'BAD_REQUEST',
        `Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join(', ')}`,
      );
  }
}
