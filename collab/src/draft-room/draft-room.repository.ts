import { effectivePermissions, hasPermission, type Role } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import { type Kysely, sql } from 'kysely';
import { refusalOf } from '../collab.repository';

/** The access a draft-room token stands for (its claims, with the account's id). */
export interface DraftAccess {
  userId: number;
  accountId: number;
  sessionId: string;
  accessVersion: number;
}

/**
 * Where a person stands in a shared draft, read in one round trip:
 * - `accessRefusal`: why their token's access went (session ended, user gone, disabled or moved,
 *   access version changed), or null;
 * - `submission`: the draft's status and submitter, or null when it is not a submission of the
 *   account (deleted, or another account's);
 * - `isMember`: whether they are in the draft: it is shared (with everyone or with anyone by
 *   name), they may use its template (spec 01 §2.7: manage_templates, or the template through
 *   their groups or their groups' folders), and they are its owner, invited by name, or it is
 *   shared with everyone (who are the users of the account).
 */
export interface DraftStanding {
  accessRefusal: string | null;
  submission: { status: string; submitterName: string } | null;
  isMember: boolean;
}

/** The row the standing is read from (see DraftRoomRepository.standing). */
interface StandingRow {
  disabled: boolean;
  account_id: number;
  role: Role;
  permissions: string[];
  super_admin: boolean;
  session_id: string | null;
  version: number | null;
  status: string | null;
  submitter_id: number | null;
  submitter_name: string | null;
  shared_with_everyone: boolean | null;
  has_shares: boolean;
  is_invited: boolean;
  template_exists: boolean;
  via_groups: boolean;
}

/** The draft-room SQL of the collab server (ARCHITECTURE.md, Live collaboration; migration 0027). */
export class DraftRoomRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The id of the account with `uuid`, or undefined. */
  async accountIdOf(uuid: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('accounts').select('id').where('uuid', '=', uuid).executeTakeFirst();
    return row?.id;
  }

  /** Where the token's holder stands in draft `submissionId` of the token's account (DraftStanding). */
  async standing(access: DraftAccess, submissionId: number): Promise<DraftStanding> {
    const { rows } = await sql<StandingRow>`
      select u.disabled, u.account_id, u.role, u.permissions, u.super_admin,
             se.id as session_id, ca.version,
             s.status, s.submitter_id, s.submitter_name, s.shared_with_everyone,
             exists (select 1 from submission_shares ss where ss.submission_id = s.id) as has_shares,
             exists (select 1 from submission_shares ss
                      where ss.submission_id = s.id and ss.user_id = u.id) as is_invited,
             exists (select 1 from templates t
                      where t.id = s.template_id and t.account_id = s.account_id) as template_exists,
             exists (select 1 from templates t
                      where t.id = s.template_id and t.account_id = s.account_id and (
                        t.id in (select gt.template_id from group_templates gt
                                   join group_users gu on gu.group_id = gt.group_id where gu.user_id = u.id)
                        or t.folder_id in (select gf.folder_id from group_folders gf
                                   join group_users gu on gu.group_id = gf.group_id where gu.user_id = u.id)
                      )) as via_groups
        from users u
        left join sessions se on se.user_id = u.id and se.id = ${access.sessionId} and se.expires_at > now()
        left join collab_access ca on ca.user_id = u.id
        left join submissions s on s.id = ${submissionId} and s.account_id = ${access.accountId}
       where u.id = ${access.userId}`.execute(this.db);
    return standingOf(rows[0], access);
  }

  /**
   * Stores a draft command's Yjs update (v2) before its acknowledgement, only while the draft is
   * still a Draft of the account (the row lock `for share` waits for a submit in progress, whose
   * status change then refuses the append). Returns false, storing nothing, otherwise.
   */
  async appendUpdate(
    room: { name: string; submissionId: number; accountId: number },
    update: Uint8Array,
  ): Promise<boolean> {
    const result = await sql<{ id: number }>`
      insert into collab_updates (name, data)
      select ${room.name}, ${Buffer.from(update)}
      where exists (select 1 from submissions
                     where id = ${room.submissionId} and account_id = ${room.accountId}
                       and status = 'Draft' for share)
      returning id`.execute(this.db);
    return result.rows.length > 0;
  }
}

/** DraftStanding from its row (undefined: the user is gone). */
function standingOf(row: StandingRow | undefined, access: DraftAccess): DraftStanding {
  const accessRefusal = refusalOf(row, access);
  if (!row || row.status === null) return { accessRefusal, submission: null, isMember: false };
  const submission = { status: row.status, submitterName: row.submitter_name ?? '' };
  const permissions = effectivePermissions({
    role: row.role,
    permissions: row.permissions,
    super_admin: row.super_admin,
  });
  const mayUseTemplate =
    row.template_exists && (hasPermission(permissions, 'manage_templates') || row.via_groups);
  const isShared = row.shared_with_everyone === true || row.has_shares;
  const isInDraft = row.submitter_id === access.userId || row.is_invited || row.shared_with_everyone === true;
  return { accessRefusal, submission, isMember: isShared && mayUseTemplate && isInDraft };
}
