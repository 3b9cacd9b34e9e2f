import type { DraftCell } from '@nomen/shared';

/** Who wrote a cell last. */
export interface CellWriter {
  id: number;
  name: string;
}

/**
 * The last writer of each cell of one loaded draft room (ARCHITECTURE.md, Live collaboration:
 * the same cell is last writer wins, and the person whose value was replaced is told). Kept in
 * memory only, for the room's life on this instance; it need not survive a restart. Each change
 * is journalled so a command whose update could not be stored can take its writes back.
 */
export class LastWriters {
  private readonly rows = new Map<string, Map<string, CellWriter>>();

  /** The last writer of a cell, or undefined. */
  of(cell: DraftCell): CellWriter | undefined {
    return this.rows.get(cell.row)?.get(cell.field);
  }

  /** Records `writer` as the cell's last writer; `journal` gets what restores the previous one. */
  set(cell: DraftCell, writer: CellWriter, journal: (() => void)[]): void {
    const previous = this.of(cell);
    let row = this.rows.get(cell.row);
    if (!row) {
      row = new Map();
      this.rows.set(cell.row, row);
    }
    row.set(cell.field, writer);
    journal.push(() => this.restore(cell, previous));
  }

  /** Forgets the writers of a removed row; `journal` gets what restores them. */
  forgetRow(rowId: string, journal: (() => void)[]): void {
    const row = this.rows.get(rowId);
    if (!row) return;
    this.rows.delete(rowId);
    journal.push(() => this.rows.set(rowId, row));
  }

  private restore(cell: DraftCell, previous: CellWriter | undefined): void {
    const row = this.rows.get(cell.row) ?? new Map<string, CellWriter>();
    if (previous) row.set(cell.field, previous);
    else row.delete(cell.field);
    if (row.size > 0) this.rows.set(cell.row, row);
    else this.rows.delete(cell.row);
  }
}
