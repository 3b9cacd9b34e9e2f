export function DatasetDataPage() {
  return null;
}
