import type { LinkedDocument, SecondaryDocumentKind } from '@portal/contract';
import { Eye, FileText } from 'lucide-react';
import { useState } from 'react';
import { DocumentPreview, previewKind } from '../../../components/documents/document-preview.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useMemberDocument } from '../api/get-member-document.ts';
import { useFamilyT } from './family-words.ts';

// A family member's documents (spec §2 Secondary client detail): each opens a preview with a download, or
// says 'Not available'. The list names each document; its bytes are downloaded when its preview opens (issue 23
// item 9).

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

function Preview({
  memberId,
  kind,
  doc,
  title,
  fileName,
  open,
  onOpenChange,
}: {
  memberId: string;
  kind: SecondaryDocumentKind;
  doc: LinkedDocument;
  title: string;
  fileName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const file = useMemberDocument(memberId, kind, open);
  const t = useFamilyT();
  return (
    <DocumentPreview
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      mediaLabel={t('previewMedia', { title })}
      mime={doc.mime}
      blob={file.data}
      error={file.isError ? t('documentsFailed') : null}
      fileName={fileName}
    />
  );
}

export function DocumentTile({
  memberId,
  kind,
  label,
  doc,
  ownerName,
}: {
  memberId: string;
  kind: SecondaryDocumentKind;
  label: string;
  doc: LinkedDocument | null;
  ownerName: string;
}) {
  const [open, setOpen] = useState(false);
  const t = useFamilyT();
  const fileName = `${ownerName} - ${label}.${doc ? (EXTENSIONS[doc.mime] ?? 'bin') : 'bin'}`;
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-600">
          <FileText className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{label}</p>
          <p className="text-xs text-slate-500">
            {doc ? t(previewKind(doc.mime) === 'pdf' ? 'pdfDocument' : 'image') : t('notAvailable')}
          </p>
        </div>
      </div>
      {doc ? (
        <>
          <Button variant="secondary" onClick={() => setOpen(true)} aria-label={t('previewOf', { label })}>
            <Eye className="size-4" aria-hidden /> {t('preview')}
          </Button>
          <Preview
            memberId={memberId}
            kind={kind}
            doc={doc}
            title={`${label} · ${ownerName}`}
            fileName={fileName}
            open={open}
            onOpenChange={setOpen}
          />
        </>
      ) : null}
    </li>
  );
}
