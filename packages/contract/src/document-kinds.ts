// What each stored document is, in the words an agent uses (issue 24 item 15: "policy pdf" reached a screen).
export const DOCUMENT_KIND_LABELS: Readonly<Record<string, string>> = {
  policy_pdf: 'Policy document',
  investment_pdf: 'Investment statement',
  aadhaar: 'Aadhaar card',
  pan: 'PAN card',
  cheque: 'Cancelled cheque',
  profile_image: 'Photo',
  avatar: 'Photo',
  provider_logo: 'Company logo',
  premium_receipt: 'Premium receipt',
};

export const documentKindLabel = (kind: string): string => DOCUMENT_KIND_LABELS[kind] ?? 'Document';
