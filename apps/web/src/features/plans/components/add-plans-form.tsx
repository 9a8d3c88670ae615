import { holdsInvestment, PAN_FOR_INVESTMENTS_MESSAGE } from '@portal/contract';
import { ArrowLeft, Plus, UserRound } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState, LoadingLine } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import { useAddPlansToClient } from '../api/add-plans-to-client.ts';
import { usePlanServices } from '../api/get-plan-services.ts';
import { usePrimaryClient } from '../api/get-primary-client.ts';
import { ClientPicker } from './client-picker.tsx';
import { useDiscardGuard } from './discard-guard.tsx';
import { familyOf } from './family-picker.tsx';
import { PlanCard } from './plan-card.tsx';
import {
  emptyPlanDraft,
  type PlanDraft,
  type PlanErrors,
  planDraftToInput,
  planDraftTouched,
  planErrorsFromServer,
  unchangedErrors,
  validatePlanDraft,
} from './plan-draft.ts';

const MAX_PLANS = 10;

function buildRequest(plans: PlanDraft[]) {
  const files: File[] = [];
  const fileIndexOfPlan: Array<number | null> = [];
  const inputs = plans.map((draft) => {
    const index = draft.file ? files.push(draft.file) - 1 : null;
    fileIndexOfPlan.push(index);
    return planDraftToInput(draft, index);
  });
  return { inputs, files, fileIndexOfPlan };
}

/** The request as an object, to tell which of the API's field errors still apply. */
function requestOf(list: PlanDraft[]) {
  const built = buildRequest(list);
  return { plans: built.inputs, planFiles: built.files };
}

/**
 * "Add More Plans" for an existing client or one of their family, all or nothing. The chosen client is kept in
 * the address by the route (`clientId`, `onChooseClient`), so a client's record can link here directly.
 */
export function AddPlansForm({
  clientId,
  onChooseClient,
}: {
  clientId: string | null;
  onChooseClient: (id: string | null) => void;
}) {
  const navigate = useNavigate();
  const clientQuery = usePrimaryClient(clientId);
  // Whose plans these are, for the client it was chosen under: another client starts with the client again.
  const [holderChoice, setHolderChoice] = useState({ clientId, holder: '' });
  const holder = holderChoice.clientId === clientId ? holderChoice.holder : '';
  const setHolder = (id: string) => setHolderChoice({ clientId, holder: id });
  const [plans, setPlans] = useState<PlanDraft[]>(() => [emptyPlanDraft()]);
  const catalogue = usePlanServices();
  const addPlans = useAddPlansToClient();
  const [attempted, setAttempted] = useState(false);
  const [pickError, setPickError] = useState<string | undefined>();
  const [sent, setSent] = useState<{
    request: unknown;
    fields: Record<string, string>;
    files: Array<number | null>;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = plans.some(planDraftTouched) && !busy;
  const guard = useDiscardGuard(dirty, 'these plans');

  const chosen = clientId && clientQuery.isSuccess ? clientQuery.data.data : null;
  // The client's own investment needs their PAN for KYC (issue 24 item 7); the API says the same.
  const panMissing =
    chosen !== null && !holder && chosen.client.pan_number === null && holdsInvestment(plans);
  const panError = panMissing
    ? `${PAN_FOR_INVESTMENTS_MESSAGE} Add it on the client’s record first.`
    : undefined;
  const family = useMemo(() => (chosen ? familyOf(chosen) : []), [chosen]);

  const choose = (id: string | null) => {
    setPickError(undefined);
    onChooseClient(id);
  };

  const planErrors = useMemo(() => {
    const server = sent ? unchangedErrors(sent.fields, sent.request, requestOf(plans)) : {};
    const out: Record<string, PlanErrors> = {};
    plans.forEach((draft, i) => {
      const merged = {
        ...(sent ? planErrorsFromServer(server, i, sent.files[i] ?? null) : {}),
        ...(attempted ? validatePlanDraft(draft) : {}),
      };
      if (Object.keys(merged).length > 0) out[draft.key] = merged;
    });
    return out;
  }, [plans, sent, attempted]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const ready = chosen;
    if (!ready) setPickError('Primary Client is required: choose whose plans these are.');
    const invalid = plans.some((p) => Object.keys(validatePlanDraft(p)).length > 0);
    if (!ready || invalid || panMissing) {
      notify('error', 'Some fields need attention.');
      return;
    }
    const { inputs, files, fileIndexOfPlan } = buildRequest(plans);
    setBusy(true);
    try {
      const answer = await addPlans.mutateAsync({
        primaryClientId: ready.client.primary_client_id,
        secondaryClientId: holder || null,
        plans: inputs,
        planFiles: files,
      });
      guard.release();
      notify('success', answer.message);
      navigate(`/dashboard/users/${ready.client.primary_client_id}`);
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) return;
      notify('error', err.message);
      setSent({ request: requestOf(plans), fields: err.fields, files: fileIndexOfPlan });
      if (err.fields.primary_client_id) setPickError(err.fields.primary_client_id);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <Link
        to={chosen ? `/dashboard/users/${chosen.client.primary_client_id}` : '/dashboard/users'}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {chosen ? chosen.client.full_name : 'Registered Users'}
      </Link>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Add More Plans</h2>
        <p className="text-sm text-slate-600">
          New policies or investments for a client or one of their family members, each with its PDF. All the
          plans are saved together, or none.
        </p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Card region variant="form" title="1. Client">
          {!clientId ? (
            <ClientPicker onPick={(c) => choose(c.primary_client_id)} error={pickError} />
          ) : clientQuery.isPending || (clientQuery.isError && clientQuery.isFetching) ? (
            <LoadingLine>Loading the client…</LoadingLine>
          ) : clientQuery.isError || !chosen ? (
            <ErrorState
              variant="inline"
              onRetry={() => void clientQuery.refetch()}
              actions={
                <Button variant="ghost" onClick={() => choose(null)}>
                  Choose another client
                </Button>
              }
            >
              The client could not be loaded.
            </ErrorState>
          ) : (
            <div className="flex flex-col gap-5">
              <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary-50 text-primary-700">
                  <UserRound className="size-5" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{chosen.client.full_name}</p>
                  <p className="truncate text-sm text-slate-500">
                    {[chosen.client.client_code, chosen.client.email ?? chosen.client.phone]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <Button variant="secondary" disabled={busy} onClick={() => choose(null)}>
                  Change
                </Button>
              </div>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium text-slate-700">Whose plans are these?</legend>
                {[
                  { id: '', name: `${chosen.client.full_name} (the client)`, relation: null },
                  ...chosen.family_members.map((m) => ({
                    id: m.secondary_client_id,
                    name: m.full_name,
                    relation: m.relationship,
                  })),
                ].map((option) => (
                  <label
                    key={option.id || 'self'}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm',
                      holder === option.id ? 'border-primary-600 bg-primary-50' : 'border-slate-300 bg-white',
                    )}
                  >
                    <input
                      type="radio"
                      name="holder"
                      value={option.id}
                      checked={holder === option.id}
                      onChange={() => setHolder(option.id)}
                      className="size-4 accent-primary-700"
                    />
                    <span className="font-medium text-slate-900">{option.name}</span>
                    {option.relation ? <span className="text-slate-500">· {option.relation}</span> : null}
                  </label>
                ))}
                {chosen.family_members.length === 0 ? (
                  <p className="text-sm text-slate-500">
                    No family members on record.{' '}
                    <Link
                      to={`/dashboard/secondary?primary=${chosen.client.primary_client_id}`}
                      className="font-medium text-primary-700 hover:underline"
                    >
                      Add one
                    </Link>{' '}
                    to hold plans in their name.
                  </p>
                ) : null}
                {sent?.fields.secondary_client_id ? (
                  <p className="text-sm text-red-700">{sent.fields.secondary_client_id}</p>
                ) : null}
                {panError ? (
                  <p className={cn('text-sm', attempted ? 'text-red-700' : 'text-amber-800')} role="status">
                    {panError}{' '}
                    <Link
                      to={`/dashboard/users/${chosen?.client.primary_client_id}`}
                      className="font-medium text-primary-700 hover:underline"
                    >
                      Open the client’s record
                    </Link>
                  </p>
                ) : null}
              </fieldset>
            </div>
          )}
        </Card>

        <section className="flex flex-col gap-4" aria-label="Plans">
          <h3 className="text-base font-semibold text-slate-900">2. Plans</h3>
          {catalogue.isPending || (catalogue.isError && catalogue.isFetching) ? (
            <LoadingLine>Loading services…</LoadingLine>
          ) : catalogue.isError ? (
            <ErrorState variant="inline" onRetry={() => void catalogue.refetch()}>
              The services could not be loaded.
            </ErrorState>
          ) : (
            <>
              {plans.map((draft, i) => (
                <PlanCard
                  key={draft.key}
                  title={`Plan ${i + 1}`}
                  draft={draft}
                  errors={planErrors[draft.key]}
                  services={catalogue.data}
                  family={family}
                  disabled={busy}
                  onChange={(next) => setPlans((list) => list.map((p) => (p.key === draft.key ? next : p)))}
                  onRemove={
                    plans.length > 1
                      ? () => setPlans((list) => list.filter((p) => p.key !== draft.key))
                      : undefined
                  }
                />
              ))}
              {sent?.fields.planFiles ? (
                <p className="text-sm text-red-700">{sent.fields.planFiles}</p>
              ) : null}
              <div>
                <Button
                  variant="secondary"
                  disabled={busy || plans.length >= MAX_PLANS}
                  onClick={() => setPlans((list) => [...list, emptyPlanDraft()])}
                >
                  <Plus className="size-4" aria-hidden />
                  Add another plan
                </Button>
              </div>
            </>
          )}
        </section>

        <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <Button type="submit" busy={busy}>
            {busy ? 'Saving...' : plans.length === 1 ? 'Save Plan' : `Save ${plans.length} Plans`}
          </Button>
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}
