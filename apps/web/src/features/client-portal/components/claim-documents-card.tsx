import type { ClaimStatus, ClientClaimDetail } from '@portal/contract';
import { CheckCircle2, Circle } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { useClaimWords } from './claim-words.ts';

/** The steps at which papers can still be sent: before the insurer decides. */
const COLLECTING: readonly ClaimStatus[] = ['intimated', 'documents_pending', 'submitted', 'query_raised'];

/**
 * The documents of a client's claim (decision 045): what the insurer asks for on this kind of claim, and which of
 * them the agency already has, so the client knows what is still to send. Read-only, and shown only until the
 * insurer decides: a settled or closed claim asks for nothing.
 */
export function ClaimDocumentsCard({ claim }: { claim: Pick<ClientClaimDetail, 'documents' | 'status'> }) {
  const words = useClaimWords();
  const { t } = words;
  const { documents } = claim;
  if (documents.length === 0 || !COLLECTING.includes(claim.status)) return null;
  const received = documents.filter((d) => d.received).length;
  return (
    <Card region title={t('documents')}>
      <p className="mb-3 text-sm text-slate-600">
        {t('documentsHave', { received, total: documents.length })}{' '}
        {received < documents.length ? t('documentsSend') : t('documentsDone')}
      </p>
      <ul className="flex flex-col gap-2 text-sm">
        {documents.map((d) => (
          <li key={d.item} className="flex items-start gap-2">
            {d.received ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
            ) : (
              <Circle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
            )}
            <span className="min-w-0 break-words text-slate-900">{words.document(d)}</span>
            <span className={d.received ? 'ml-auto text-green-800' : 'ml-auto text-amber-800'}>
              {d.received ? t('documentReceived') : t('documentNeeded')}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
