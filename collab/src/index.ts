export { attachCollab, COLLAB_PATH } from './attach';
export { type CollabOptions, createCollab, stopCollab } from './create-collab';
export { runRoomCommands } from './list-room/run-commands';
