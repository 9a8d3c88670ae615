import type { SecondaryClient, SecondaryDocumentKind } from '@portal/contract';
import { Download, Eye, FileImage, FileText, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { saveBlob } from '../../../components/documents/save-blob.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchMemberDocument } from '../api/get-member-document.ts';
import { uploadMemberDocument } from '../api/upload-member-document.ts';
import {
  acceptedTypes,
  acceptedWords,
  checkDocument,
  DOCUMENT_LABELS,
  documentFileName,
  formatBytes,
} from './document-rules.ts';

type Info = SecondaryClient['documents'][SecondaryDocumentKind];

export interface DocumentCardProps {
  member: SecondaryClient;
  kind: SecondaryDocumentKind;
  /** A message from an earlier upload of this document that failed (when the member was added). */
  failure?: string | undefined;
  onPreview: (kind: SecondaryDocumentKind) => void;
  onSaved: (member: SecondaryClient) => void;
}

/** One document of a family member: what is on file, preview, download, and upload or replace. */
export function DocumentCard({ member, kind, failure, onPreview, onSaved }: DocumentCardProps) {
  const info: Info = member.documents[kind];
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'download' | null>(null);
  const label = DOCUMENT_LABELS[kind];
  const message = error ?? failure;

  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = await checkDocument(kind, file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy('upload');
    try {
      const answer = await uploadMemberDocument(member.secondary_client_id, kind, file);
      notify('success', `${label} document saved.`);
      onSaved(answer.data);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : `${label} document was not saved. Try again.`);
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    if (!info) return;
    setBusy('download');
    try {
      const blob = await fetchMemberDocument(member.secondary_client_id, kind);
      if (blob.size === 0) throw new Error('Document not available. File may be missing.');
      saveBlob(blob, documentFileName(member.full_name, kind, info.mime_type));
    } catch (err) {
      notify('error', `Download failed: ${err instanceof Error ? err.message : 'try again.'}`);
    } finally {
      setBusy(null);
    }
  };

  const Icon = info?.mime_type === 'application/pdf' ? FileText : FileImage;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-600">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 className="font-medium text-slate-900">{label}</h3>
          {info ? (
            <p className="text-sm text-slate-600">
              {info.mime_type === 'application/pdf'
                ? 'PDF'
                : info.mime_type.replace('image/', '').toUpperCase()}{' '}
              · {formatBytes(info.size_bytes)}
            </p>
          ) : (
            <p className="text-sm text-slate-500">Not available</p>
          )}
        </div>
      </div>
      {message ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        {info ? (
          <>
            <Button variant="secondary" className="min-h-9 px-3 py-1.5" onClick={() => onPreview(kind)}>
              <Eye className="size-4" aria-hidden /> Preview<span className="sr-only"> {label}</span>
            </Button>
            <Button
              variant="secondary"
              className="min-h-9 px-3 py-1.5"
              busy={busy === 'download'}
              disabled={busy !== null}
              onClick={() => void download()}
            >
              {busy === 'download' ? null : <Download className="size-4" aria-hidden />} Download
              <span className="sr-only"> {label}</span>
            </Button>
          </>
        ) : null}
        <input
          ref={input}
          id={inputId}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label={`${info ? 'Replace' : 'Upload'} ${label} document`}
          accept={acceptedTypes(kind).join(',')}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <Button
          variant="ghost"
          className="min-h-9 px-3 py-1.5"
          busy={busy === 'upload'}
          disabled={busy !== null}
          title={`${acceptedWords(kind)}, up to 10 MiB`}
          onClick={() => input.current?.click()}
        >
          {busy === 'upload' ? null : <Upload className="size-4" aria-hidden />}
          {busy === 'upload' ? 'Uploading...' : info ? 'Replace' : 'Upload'}
          <span className="sr-only"> {label}</span>
        </Button>
      </div>
    </li>
  );
}
