import type { ImportTable, IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../../entities/connectors/connectors.read';

/** What a pull read: the table, and per table row the object's key and version. */
export interface AdObjectsRead {
  /** The data type and where it was read from, for messages ("campaigns of act_4242"). */
  label: string;
  table: ImportTable;
  items: { key: string; version: string }[];
}

/** Reads the chosen data type of one slug's assignment through its provider's client. */
export type AdReader = (
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
) => Promise<AdObjectsRead>;
