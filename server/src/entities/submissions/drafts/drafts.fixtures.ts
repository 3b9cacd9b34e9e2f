import type { Role } from '@nomen/shared';
import {
  type SignedIn as Agent,
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
  type TestUser,
} from '../../../test/test-context';
import { type FixtureTemplate, submissionFixtures } from '../submissions.fixtures';

/** A user of the shared-draft tests, signed in. */
export interface DraftPerson extends TestUser {
  agent: Agent;
}

/**
 * The world of the shared-draft API tests: an account with live collaboration, a template of the
 * submission fixtures, a group giving it to `owner`, `invitee` and `colleague` (`setGroupUsers`
 * changes its members), an `outsider` of the account who may not use it, and another account's
 * admin. `draft` makes a Draft as `owner`.
 */
export async function draftWorld() {
  const ctx: TestContext = await createTestContext();
  const account: TestAccount = await createAccount(ctx, ['live-collaboration', 'user-activity-log']);
  const admin = await signIn(ctx, account.admin.email);
  const fixtures = await submissionFixtures(admin);
  const template: FixtureTemplate = await fixtures.makeTemplate();
  const person = async (name: string, role: Role = 'USER'): Promise<DraftPerson> => {
    const user = await createUser(ctx, account.id, { role, name });
    return { ...user, agent: await signIn(ctx, user.email) };
  };
  const owner = await person('Olive Owner');
  const invitee = await person('Ivan Invitee');
  const colleague = await person('Carla Colleague');
  const outsider = await person('Oscar Outsider');
  let groupId: number | null = null;
  /** Saves the group Drafters (it gives the template) with `users` as its members. */
  async function setGroupUsers(users: readonly TestUser[]): Promise<void> {
    const res = await admin.post('/api/v1/account/groups/merge-or-create').send({
      id: groupId,
      name: 'Drafters',
      user_ids: users.map((u) => u.id),
      template_ids: [template.id],
    });
    if (res.status !== 200) throw new Error(`group: ${res.status} ${JSON.stringify(res.body)}`);
    groupId = res.body.group.id;
  }
  await setGroupUsers([owner, invitee, colleague]);
  const other = await createAccount(ctx, ['live-collaboration']);
  const otherAdmin = await signIn(ctx, other.admin.email);
  const row = (campaign: string, region = 'Europe', country = 'France') =>
    fixtures.row(template.fields, campaign, region, country);

  /** A Draft of `rows` saved by `owner`; answers its id. */
  async function draft(rows: Record<string, string>[] = [row('Spring'), row('Summer')]): Promise<number> {
    const res = await owner.agent
      .post('/api/v1/account/submissions')
      .send({ template_id: template.id, name: 'Team draft', rows, draft: true });
    if (res.status !== 201) throw new Error(`draft: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  }

  return {
    ctx,
    account,
    admin,
    template,
    setGroupUsers,
    owner,
    invitee,
    colleague,
    outsider,
    other,
    otherAdmin,
    row,
    draft,
  };
}
