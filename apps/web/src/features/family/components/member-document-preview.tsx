import type { SecondaryDocumentKind } from '@portal/contract';
import { DocumentPreview } from '../../../components/documents/document-preview.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMemberDocument } from '../api/get-member-document.ts';
import { DOCUMENT_LABELS, documentFileName } from './document-rules.ts';

export interface MemberDocumentPreviewProps {
  memberId: string;
  memberName: string;
  kind: SecondaryDocumentKind;
  mime: string;
  /** Changes when the document is replaced, so a new one is fetched. */
  documentId: string;
  onClose: () => void;
}

/** Spec §2: a family member's document in a preview with download, its bytes fetched as it opens. */
export function MemberDocumentPreview({
  memberId,
  memberName,
  kind,
  mime,
  documentId,
  onClose,
}: MemberDocumentPreviewProps) {
  const bytes = useMemberDocument(memberId, kind, documentId);
  const failure =
    bytes.isError && !bytes.isFetching
      ? `Document not available: ${bytes.error instanceof ApiError ? bytes.error.message : 'it could not be loaded.'}`
      : bytes.data?.size === 0
        ? 'Document not available. File may be missing.'
        : null;
  return (
    <DocumentPreview
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${DOCUMENT_LABELS[kind]} · ${memberName}`}
      mime={mime}
      blob={bytes.data}
      error={failure}
      fileName={documentFileName(memberName, kind, mime)}
    />
  );
}
