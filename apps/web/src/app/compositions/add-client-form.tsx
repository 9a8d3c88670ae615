import { ArrowLeft } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState, LoadingLine } from '../../components/ui/query-states.tsx';
import {
  ClientDetailsFields,
  type ClientSection,
  PortalAccessFields,
} from '../../features/clients/components/client-details-fields.tsx';
import { useCreateClientWithPlans } from '../../features/plans/api/create-client-with-plans.ts';
import { usePlanServices } from '../../features/plans/api/get-plan-services.ts';
import { useDiscardGuard } from '../../features/plans/components/discard-guard.tsx';
import {
  type PlanErrors,
  planErrorsFromServer,
  unchangedErrors,
} from '../../features/plans/components/plan-draft.ts';
import { Stepper } from '../../features/plans/components/stepper.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/toast.ts';
import { ClientReview } from './add-client-review.tsx';
import {
  buildRequest,
  type ClientForm,
  clientFormTouched,
  emptyClientForm,
  needsPan,
  STEPS,
  type StepKey,
  stepOfField,
  validateClient,
  validatePlans,
} from './add-client-values.ts';

// The plans step (every service's fields) is fetched apart, from the moment the form opens, so the route stays
// within its 200 kB budget (issue 8) while the owner types the client's details.
const loadServicesEditor = () => import('../../features/plans/components/services-editor.tsx');
const ServicesEditor = lazy(() => loadServicesEditor().then((m) => ({ default: m.ServicesEditor })));

// Composes two features (conventions: features do not import each other): the clients feature's one client form
// (the same fields as the client's edit dialog) and the plans feature's services, plans and their PDFs, sent as
// one request.

/** The parts of the client form each of the first three steps shows. */
const CLIENT_STEP_SECTIONS: Record<'personal' | 'contact' | 'identity', readonly ClientSection[]> = {
  personal: ['personal'],
  contact: ['contact', 'address'],
  identity: ['identity'],
};

interface Sent {
  request: unknown;
  fields: Record<string, string>;
  fileIndexOfPlan: Array<number | null>;
}

const requestObject = (form: ClientForm) => {
  const built = buildRequest(form);
  return { ...built.payload, planFiles: built.files, avatar: form.avatar };
};

/** "Add Primary Client": the client with their plans and PDFs in one submission. */
export function AddClientForm() {
  const navigate = useNavigate();
  useEffect(() => {
    void loadServicesEditor();
  }, []);
  const [form, setForm] = useState<ClientForm>(emptyClientForm);
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const [attempted, setAttempted] = useState<ReadonlySet<StepKey>>(new Set());
  const [sent, setSent] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);
  const catalogue = usePlanServices();
  const create = useCreateClientWithPlans();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const guard = useDiscardGuard(clientFormTouched(form) && !busy, 'this client');

  // Problems shown: the API's still-applicable ones, then the form's own once a step was tried.
  const { clientErrors, planErrors, failing } = useMemo(() => {
    const server = sent ? unchangedErrors(sent.fields, sent.request, requestObject(form)) : {};
    const local = validateClient(form);
    const localPlans = validatePlans(form);
    const shownClient: Record<string, string> = {};
    for (const [key, message] of Object.entries(server))
      if (!key.startsWith('plan')) shownClient[key] = message;
    for (const [key, message] of Object.entries(local)) {
      if (attempted.has(stepOfField(key)) || attempted.has('review')) shownClient[key] = message;
    }
    const shownPlans: Record<string, PlanErrors> = {};
    form.plans.forEach((draft, i) => {
      const fromServer = sent ? planErrorsFromServer(server, i, sent.fileIndexOfPlan[i] ?? null) : {};
      const own = attempted.has('plans') || attempted.has('review') ? localPlans[i] : {};
      const merged = { ...fromServer, ...own };
      if (Object.keys(merged).length > 0) shownPlans[draft.key] = merged;
    });
    const bad = new Set<StepKey>(Object.keys(shownClient).map(stepOfField));
    if (Object.keys(shownPlans).length > 0) bad.add('plans');
    if (server.planFiles) bad.add('plans');
    return { clientErrors: shownClient, planErrors: shownPlans, failing: bad };
  }, [form, sent, attempted]);

  const current = STEPS[step]!;

  const open = (index: number) => {
    setStep(index);
    setReached((r) => Math.max(r, index));
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  };

  /** Problems of one step by the form's own rules. */
  const stepProblems = (key: StepKey) => {
    if (key === 'plans') return validatePlans(form).some((e) => Object.keys(e).length > 0);
    if (key === 'review') return false;
    return Object.keys(validateClient(form)).some((f) => stepOfField(f) === key);
  };

  const next = () => {
    setAttempted((a) => new Set(a).add(current.key));
    if (stepProblems(current.key)) {
      notify('error', 'Some fields need attention before the next step.');
      return;
    }
    open(step + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (current.key !== 'review') {
      next();
      return;
    }
    setAttempted(new Set(STEPS.map((s) => s.key)));
    const firstBad = STEPS.findIndex((s) => stepProblems(s.key));
    if (firstBad >= 0) {
      notify('error', `${STEPS[firstBad]!.title} needs attention.`);
      open(firstBad);
      return;
    }
    const { payload, files, fileIndexOfPlan } = buildRequest(form);
    setBusy(true);
    try {
      const answer = await create.mutateAsync({ payload, planFiles: files, avatar: form.avatar });
      guard.release();
      notify('success', answer.message);
      navigate(`/dashboard/users/${answer.data.primary_client_id}`);
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) return;
      notify('error', err.message);
      setSent({ request: requestObject(form), fields: err.fields, fileIndexOfPlan });
      const keys = Object.keys(err.fields);
      if (keys.length > 0) open(STEPS.findIndex((s) => s.key === stepOfField(keys[0]!)));
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <Link
        to="/dashboard/users"
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Registered Users
      </Link>
      <div>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 focus:outline-none"
        >
          Add Primary Client
        </h2>
        <p className="text-sm text-slate-600">
          Their details, identity and portal access, and the plans they hold with each plan’s PDF. Nothing is
          saved until you add the client on the last step.
        </p>
      </div>
      <Stepper steps={STEPS} current={step} failing={failing} reached={reached} onOpen={open} />
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <section
          aria-label={current.title}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          {current.key === 'plans' || current.key === 'review' ? (
            <h3 className="mb-5 text-base font-semibold text-slate-900">{current.title}</h3>
          ) : null}
          {current.key === 'plans' ? (
            catalogue.isPending || (catalogue.isError && catalogue.isFetching) ? (
              <div className="py-6">
                <LoadingLine>Loading services…</LoadingLine>
              </div>
            ) : catalogue.isError ? (
              <ErrorState variant="inline" className="py-6" onRetry={() => void catalogue.refetch()}>
                The services could not be loaded.
              </ErrorState>
            ) : (
              <Suspense fallback={<LoadingLine>Loading services…</LoadingLine>}>
                <ServicesEditor
                  catalogue={catalogue.data}
                  services={form.services}
                  plans={form.plans}
                  errors={planErrors}
                  disabled={busy}
                  onChange={(services, plans) => setForm((f) => ({ ...f, services, plans }))}
                />
              </Suspense>
            )
          ) : current.key === 'review' ? (
            <ClientReview
              form={form}
              services={catalogue.data ?? []}
              onEdit={(key) => open(STEPS.findIndex((s) => s.key === key))}
            />
          ) : (
            <div className="flex flex-col gap-8">
              <ClientDetailsFields
                sections={CLIENT_STEP_SECTIONS[current.key]}
                values={form.values}
                errors={clientErrors}
                disabled={busy}
                onField={(name, value) => setForm((f) => ({ ...f, values: { ...f.values, [name]: value } }))}
                photo={form.avatar}
                onPhoto={(avatar) => setForm((f) => ({ ...f, avatar }))}
                panRequired={needsPan(form)}
              />
              {current.key === 'identity' ? (
                <PortalAccessFields
                  enabled={form.portalEnabled}
                  email={form.values.email}
                  initialPassword={form.initialPassword}
                  errors={clientErrors}
                  disabled={busy}
                  onEnabled={(portalEnabled) => setForm((f) => ({ ...f, portalEnabled }))}
                  onEmail={(email) => setForm((f) => ({ ...f, values: { ...f.values, email } }))}
                  onInitialPassword={(initialPassword) => setForm((f) => ({ ...f, initialPassword }))}
                />
              ) : null}
            </div>
          )}
        </section>
        <div className="sticky bottom-0 -mx-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <Button variant="secondary" disabled={step === 0 || busy} onClick={() => open(step - 1)}>
            Previous
          </Button>
          {current.key === 'review' ? (
            <Button type="submit" busy={busy}>
              {busy ? 'Adding...' : 'Add Client'}
            </Button>
          ) : (
            <Button type="submit">Next</Button>
          )}
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}
