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
