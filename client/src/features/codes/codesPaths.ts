/** The codes page (issue 11 item 1). */
export const CODES_PATH = '/codes';

/** A new submission through template `templateId` (issue 11 item 2); `draftId` reopens a saved draft. */
export function newSubmissionPath(templateId: number, draftId?: number): string {
  return `/codes/new/${templateId}${draftId ? `?draft=${draftId}` : ''}`;
}

/** One submission's rows, status and history (issue 11 item 6). */
export function submissionPath(id: number): string {
  return `/codes/submissions/${id}`;
}

/** A template's dataset rows (issue 11 item 6; spec 01 §1 search results open it). */
export function datasetDataPath(datasetId: number): string {
  return `/codes/details/${datasetId}/data`;
}

/** The dataset page's parameter naming the one row to show (its cv_id). */
export const DATASET_ROW_PARAM = 'row';
/** The dataset page's parameter holding the value that led to the row (a search term's hit). */
export const DATASET_MATCH_PARAM = 'match';

/**
 * The dataset page filtered to one row (spec 01 §2.9: a search-report hit opens the dataset on its
 * row): `?row=<cv_id>`, and `&match=<value>` naming what was found, for the page's "Showing 1 row
 * matching …" line.
 */
export function datasetRowPath(datasetId: number, rowId: string, match?: string): string {
  const params = new URLSearchParams({ [DATASET_ROW_PARAM]: rowId });
  if (match) params.set(DATASET_MATCH_PARAM, match);
  return `${datasetDataPath(datasetId)}?${params.toString()}`;
}

/** The dataset page's line over a row filter: what it shows and why (see datasetRowPath). */
export function rowFilterText(total: number, match: string | null): string {
  if (total === 0) return 'The row you opened is no longer in the dataset (it was edited or removed)';
  return match ? `Showing 1 row matching "${match}"` : 'Showing 1 row';
}
