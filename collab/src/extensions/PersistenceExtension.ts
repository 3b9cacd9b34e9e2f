import type { Extension, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { CollabRepository } from '../collab.repository';

/**
 * Persists each room's Y.Doc in PostgreSQL (ARCHITECTURE.md: Hocuspocus stores the document on a
 * debounce). Stored in Yjs's compact update format v2, which is smaller and quicker to load
 * than v1 for rooms with thousands of threads; a state stored as v1 still loads.
 */
export class PersistenceExtension implements Extension {
  constructor(private readonly repository: CollabRepository) {}

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const state = await this.repository.loadDocument(documentName);
    if (!state) return;
    try {
      Y.applyUpdateV2(document, state);
    } catch {
      Y.applyUpdate(document, state);
    }
  }

  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    await this.repository.storeDocument(documentName, Y.encodeStateAsUpdateV2(document));
  }
}
