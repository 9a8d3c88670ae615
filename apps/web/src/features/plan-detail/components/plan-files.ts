/** Saves bytes under a name; the object URL is released 1 s later (spec §9). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The name the API gives the PDF: the policy or account number, path characters replaced. */
export function planFileName(policyNumber: string): string {
  const cleaned = policyNumber.replace(/[\\/:*?"<>|\p{Cc}]/gu, '-').trim();
  return `${cleaned || 'plan'}.pdf`;
}
