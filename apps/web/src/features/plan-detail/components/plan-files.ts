/** The name the API gives the PDF: the policy or account number, path characters replaced. */
export function planFileName(policyNumber: string): string {
  const cleaned = policyNumber.replace(/[\\/:*?"<>|\p{Cc}]/gu, '-').trim();
  return `${cleaned || 'plan'}.pdf`;
}
