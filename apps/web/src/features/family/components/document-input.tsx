import type { SecondaryDocumentKind } from '@portal/contract';
import { FileCheck2, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { cn } from '../../../lib/cn.ts';
import {
  acceptedTypes,
  acceptedWords,
  checkDocument,
  DOCUMENT_LABELS,
  formatBytes,
} from './document-rules.ts';

export interface DocumentInputProps {
  kind: SecondaryDocumentKind;
  file: File | null;
  error?: string | undefined;
  /** A checked file, or null with the reason it was refused (null, null: cleared). */
  onChange: (file: File | null, error: string | null) => void;
}

/** One of the four documents of a new family member, checked by its bytes and size as it is chosen. */
export function DocumentInput({ kind, file, error, onChange }: DocumentInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const label = `${DOCUMENT_LABELS[kind]} document`;
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = await checkDocument(kind, chosen);
    if (problem && input.current) input.current.value = '';
    onChange(problem ? null : chosen, problem);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {kind === 'profile_image' ? 'Profile photo' : label}
        <span className="ml-1 font-normal text-slate-500">(optional)</span>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={acceptedTypes(kind).join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => void choose(e.target.files?.[0])}
        className={cn(
          'w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-700 file:mr-3 file:rounded file:border-0 file:bg-primary-50 file:px-3 file:py-1 file:text-primary-800 focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none',
          error ? 'border-red-600' : 'border-slate-300',
        )}
      />
      {error ? (
        <p id={`${id}-note`} className="text-sm text-red-700">
          {error}
        </p>
      ) : file ? (
        <p id={`${id}-note`} className="flex items-center gap-2 text-sm text-green-800">
          <FileCheck2 className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 truncate">
            {file.name} · {formatBytes(file.size)}
          </span>
          <button
            type="button"
            aria-label={`Remove ${label}`}
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null, null);
            }}
            className="ml-auto rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X className="size-4" aria-hidden />
          </button>
        </p>
      ) : (
        <p id={`${id}-note`} className="text-sm text-slate-500">
          {acceptedWords(kind)
            .replace(/^an? /, '')
            .replace(/^./, (c) => c.toUpperCase())}
          , up to 10 MiB.
        </p>
      )}
    </div>
  );
}
