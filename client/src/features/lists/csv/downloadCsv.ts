/** The UTF-8 byte order mark, so spreadsheet programs read the CSV's non-ASCII text correctly. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Saves `csv` as a download named `fileName` (spec 02 §2 export download): a text/csv blob with
 * a UTF-8 byte order mark, through a temporary link. Browser only.
 */
export function downloadCsv(csv: string, fileName: string): void {
  const blob = new Blob([BYTE_ORDER_MARK, csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; free the blob a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
