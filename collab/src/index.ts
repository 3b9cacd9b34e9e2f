export { attachCollab, COLLAB_PATH } from './attach';
export { type CollabOptions, createCollab, stopCollab } from './create-collab';
export { DraftCommandsExtension } from './draft-room/DraftCommandsExtension';
export { DraftRoomRepository } from './draft-room/draft-room.repository';
export { runRoomCommands } from './list-room/run-commands';
