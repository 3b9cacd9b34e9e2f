import { draftRoomApi } from '@nomen/shared';
import type { ApiBuilder } from '../../../http/route';
import * as sharing from './draft-sharing.service';

/**
 * Mounts the shared-draft endpoints (`draftRoomApi`; ARCHITECTURE.md "Shared drafts"): a draft's
 * sharing, the people it may be shared with, and the token that joins its room. Before
 * `/submissions/:id`, like the other submission sub-paths.
 */
export function draftRoomRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(draftRoomApi.sharing, ({ actor, params }) => sharing.getSharing(deps, actor, params.id));
  api.mount(draftRoomApi.share, ({ actor, params, body }) =>
    sharing.shareDraft(deps, actor, params.id, body),
  );
  api.mount(draftRoomApi.candidates, ({ actor, params }) => sharing.shareCandidates(deps, actor, params.id));
  api.mount(draftRoomApi.token, ({ actor, params }) => sharing.draftCollabToken(deps, actor, params.id));
}
