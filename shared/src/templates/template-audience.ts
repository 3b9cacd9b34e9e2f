import { z } from 'zod';
import { endpoint } from '../core/contract';
import { idSchema } from '../core/schemas';

/**
 * One group of the account as the template audience sees it (spec 01 §2.7 groups give their
 * members templates directly or through folders; spec 03 §2 "Setup step"): its name, how many
 * users it has, and the templates and folders it reaches.
 */
export const audienceGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  member_count: z.number(),
  template_ids: z.array(z.number()),
  folder_ids: z.array(z.number()),
});
/** A group with the templates and folders it gives its members. */
export type AudienceGroup = z.infer<typeof audienceGroupSchema>;

/**
 * Who can submit through the account's templates (spec 01 §2.7): every group with what it reaches,
 * and the enabled people who hold manage_templates ("admins"), who may submit through every
 * template whatever their groups.
 */
export const templateAudienceSchema = z.object({
  groups: z.array(audienceGroupSchema),
  admins: z.array(z.object({ id: z.number(), name: z.string() })),
});
/** The answer of `templateAudienceApi.get`. */
export type TemplateAudience = z.infer<typeof templateAudienceSchema>;

/**
 * The template audience endpoints (ours; spec 01 §2.7, spec 03 §2 "Setup step"). Reading needs only
 * manage_templates so a template editor sees who can submit; sharing a template with a group
 * changes the group, so it needs manage_groups. Unknown template or group ids answer 404.
 */
export const templateAudienceApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/template/choices/audience',
    tag: 'Templates',
    summary:
      "The account's groups with their member counts and the templates and folders they reach, and the admins (manage_templates) who may submit through every template.",
    permission: 'manage_templates',
    response: templateAudienceSchema,
  }),
  share: endpoint({
    method: 'POST',
    path: '/api/v1/account/template/share-with-group',
    tag: 'Templates',
    summary: 'Give the members of a group the template (adds it to the group; sharing twice is harmless).',
    permission: 'manage_groups',
    body: z.object({ template_id: idSchema, group_id: idSchema }),
    response: templateAudienceSchema,
  }),
};

/**
 * Who a person with no template to submit through should ask (spec 01 §2.7; the /codes page): the
 * account's enabled admins, by name only. Open to every signed-in person.
 */
export const templateAdminsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/who-to-ask',
    tag: 'Submissions',
    summary: "The account's enabled admins by name: who can share a template with a person's group.",
    permission: 'signed-in',
    response: z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) }),
  }),
};

/** A group that reaches a template, and whether directly or through the template's folder. */
export interface TemplateAudienceGroup {
  id: number;
  name: string;
  member_count: number;
  through: 'template' | 'folder';
}

/**
 * The groups whose members may submit through a template (the rule of the server's
 * mayUseTemplate, spec 01 §2.7): those holding `templateId` directly, or holding `folderId`.
 * `templateId` null is a template not yet saved: who will be able to once it is saved in
 * `folderId`. Ordered by group name.
 */
export function groupsReachingTemplate(
  groups: readonly AudienceGroup[],
  templateId: number | null,
  folderId: number | null,
): TemplateAudienceGroup[] {
  const reaching: TemplateAudienceGroup[] = [];
  for (const g of groups) {
    const direct = templateId !== null && g.template_ids.includes(templateId);
    const viaFolder = folderId !== null && g.folder_ids.includes(folderId);
    if (direct || viaFolder) {
      reaching.push({
        id: g.id,
        name: g.name,
        member_count: g.member_count,
        through: direct ? 'template' : 'folder',
      });
    }
  }
  return reaching.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The one-line answer to "who can submit" for a template (the templates table's column): the
 * reaching groups' names joined by commas, or "Admins only" when no group reaches it.
 */
export function whoCanSubmitLabel(reaching: readonly TemplateAudienceGroup[]): string {
  return reaching.length > 0 ? reaching.map((g) => g.name).join(', ') : 'Admins only';
}
