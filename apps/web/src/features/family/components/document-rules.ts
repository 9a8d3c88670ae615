import { DOCUMENT_MAX_BYTES, type SecondaryDocumentKind } from '@portal/contract';

// A family member's documents (spec §3; decisions §5): Aadhaar, PAN and cheque scans may be PDFs or
// images, the profile photo is an image; at most 10 MiB. The API checks the bytes again; checking here
// first saves an owner from uploading a 9 MiB file only to be told it was the wrong kind.

export const DOCUMENT_KINDS: readonly SecondaryDocumentKind[] = ['aadhaar', 'pan', 'cheque', 'profile_image'];

export const DOCUMENT_LABELS: Record<SecondaryDocumentKind, string> = {
  aadhaar: 'Aadhaar',
  pan: 'PAN',
  cheque: 'Cheque',
  profile_image: 'Profile photo',
};

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** "Asha Iyer - Aadhaar.pdf": whose document and which, whatever the uploaded file was called. */
export function documentFileName(memberName: string, kind: SecondaryDocumentKind, mime: string): string {
  const who = memberName.replace(/[^\p{L}\p{N} .-]/gu, '').trim() || 'Family member';
  return `${who} - ${DOCUMENT_LABELS[kind]}.${EXTENSIONS[mime] ?? 'bin'}`;
}

type Sniffed = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';

const SCAN_TYPES: readonly Sniffed[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
const IMAGE_TYPES: readonly Sniffed[] = ['image/jpeg', 'image/png', 'image/webp'];

export function acceptedTypes(kind: SecondaryDocumentKind): readonly Sniffed[] {
  return kind === 'profile_image' ? IMAGE_TYPES : SCAN_TYPES;
}

export function acceptedWords(kind: SecondaryDocumentKind): string {
  return kind === 'profile_image' ? 'a JPEG, PNG or WebP image' : 'a PDF, JPEG, PNG or WebP file';
}

/** What the first bytes say the file is (the same signatures the API checks), or null. */
export function sniff(head: Uint8Array): Sniffed | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

async function headOf(file: Blob): Promise<Uint8Array> {
  const part = file.slice(0, 12);
  // happy-dom and older engines may lack Blob.arrayBuffer on slices; FileReader works everywhere.
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(part);
  });
}

/** The message naming the document when the file cannot be used, or null when it can. */
export async function checkDocument(kind: SecondaryDocumentKind, file: File): Promise<string | null> {
  const label = `${DOCUMENT_LABELS[kind]} document`;
  if (file.size === 0) return `${label} is empty. Choose the file again.`;
  if (file.size > DOCUMENT_MAX_BYTES) return `${label} must be at most 10 MiB.`;
  const type = sniff(await headOf(file));
  if (!type || !acceptedTypes(kind).includes(type)) {
    return `${label} must be ${acceptedWords(kind)}; “${file.name}” is not.`;
  }
  return null;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
