/** Spec §9: the object URL of a download is released 1 s after the download starts. */
export const DOWNLOAD_RELEASE_MS = 1_000;

/** Saves bytes under a file name, as a download, and releases them afterwards. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_RELEASE_MS);
}
