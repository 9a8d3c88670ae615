import type { ClientClaimDetail } from '@portal/contract';
import { CheckCircle2, Circle } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';

/**
 * The documents of a client's claim (decision 045): what the insurer asks for on this kind of claim, and which of
 * them the agency already has, so the client knows what is still to send. Read-only.
 */
export function ClaimDocumentsCard({ documents }: { documents: ClientClaimDetail['documents'] }) {
  if (documents.length === 0) return null;
  const received = documents.filter((d) => d.received).length;
  return (
    <Card region title="Documents">
      <p className="mb-3 text-sm text-slate-600">
        Your agent has {received} of {documents.length}.{' '}
        {received < documents.length ? 'Please send the ones still needed.' : 'Nothing more is needed.'}
      </p>
      <ul className="flex flex-col gap-2 text-sm">
        {documents.map((d) => (
          <li key={d.label} className="flex items-start gap-2">
            {d.received ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
            ) : (
              <Circle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
            )}
            <span className="min-w-0 break-words text-slate-900">{d.label}</span>
            <span className={d.received ? 'ml-auto text-green-800' : 'ml-auto text-amber-800'}>
              {d.received ? 'Received' : 'Still needed'}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
