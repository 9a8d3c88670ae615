import {
  CLAIM_FIELD_LABELS,
  CLAIM_STATUS_LABELS,
  type ClaimStatus,
  type ClientClaim,
} from '@portal/contract';
import { useMemo } from 'react';
import { namespace, useLanguage } from '../../../i18n/i18n.ts';
import claims from '../../../i18n/messages/en/claims.json';

// The claims' words in the client's language (issue 30). English is the contract's and the API's own text,
// exactly; Hindi comes from the claim's codes (kind, status, field) so nothing depends on English wording.

const useClaimsT = namespace('claims', claims);

/** "Intimated today", "1 day ago", "12 days ago". */
export const claimAge = (days: number) =>
  days === 0 ? 'Intimated today' : `${days} day${days === 1 ? '' : 's'} ago`;

export function useClaimWords() {
  const t = useClaimsT();
  const language = useLanguage();
  return useMemo(() => {
    const en = language === 'en';
    const status = (s: ClaimStatus) =>
      en ? CLAIM_STATUS_LABELS[s] : t(`client:claimStatus.${s}`, { defaultValue: CLAIM_STATUS_LABELS[s] });
    return {
      t,
      status,
      kind: (claim: Pick<ClientClaim, 'kind' | 'kind_label'>) =>
        en ? claim.kind_label : t(`kind.${claim.kind}`, { defaultValue: claim.kind_label }),
      pending: (claim: Pick<ClientClaim, 'status' | 'pending'>) =>
        en || claim.pending === null
          ? claim.pending
          : t(`pending.${claim.status}`, { defaultValue: claim.pending }),
      nothingPending: (s: ClaimStatus) =>
        en
          ? `Nothing: the claim is ${CLAIM_STATUS_LABELS[s].toLowerCase()}.`
          : t('nothingPending', { status: status(s) }),
      field: (key: string) => {
        const english = CLAIM_FIELD_LABELS[key as keyof typeof CLAIM_FIELD_LABELS] ?? key;
        return en ? english : t(`field.${key}`, { defaultValue: english });
      },
      /** A checklist item (decision 045): the API's own label in English, its key's words in Hindi. */
      document: (doc: { item: string; label: string }) =>
        en ? doc.label : t(`doc.${doc.item}`, { defaultValue: doc.label }),
      age: (days: number) =>
        en ? claimAge(days) : days === 0 ? t('age.today') : t('age.days', { count: days }),
    };
  }, [t, language]);
}
