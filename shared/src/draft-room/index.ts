/**
 * The Y.Doc of a shared draft's room (`DraftDoc`), for the Node processes and the browser that read
 * or write it. Kept out of the `@nomen/shared` root so importers of the contracts do not load Yjs.
 */
export * from './draft-doc';
