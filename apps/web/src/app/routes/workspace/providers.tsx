import type { Provider, Service, ServiceCategory } from '@portal/contract';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { deleteProvider, fetchProviders, fetchServices } from '../../../features/providers/api/providers.ts';
import { ProviderCard } from '../../../features/providers/components/provider-card.tsx';
import { ProviderFormModal } from '../../../features/providers/components/provider-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready' };

const COPY = {
  insurance: {
    noun: 'insurance company',
    intro: 'The insurers your agency works with: your agent code, contact and bank details for each.',
    empty:
      "No insurance companies yet. Add the insurers you work with; you will choose them when you record a client's policy.",
  },
  investment: {
    noun: 'investment company',
    intro: 'The fund houses and schemes your agency distributes, with your ARN and EUIN for each.',
    empty:
      "No investment companies yet. Add the fund houses you distribute; you will choose them when you record a client's investment.",
  },
} as const;

function ProvidersScreen({ category }: { category: ServiceCategory }) {
  const copy = COPY[category];
  const [providers, setProviders] = useState<Provider[]>([]);
  const [services, setServices] = useState<Service[]>([]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<Provider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes on Retry to load again.
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    Promise.all([
      fetchProviders(category, controller.signal),
      fetchServices(category, controller.signal),
    ]).then(
      ([list, catalogue]) => {
        if (controller.signal.aborted) return;
        setProviders(list);
        setServices(catalogue);
        setLoad({ status: 'ready' });
      },
      () => {
        if (!controller.signal.aborted) setLoad({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [category, attempt]);

  const remove = async (provider: Provider) => {
    setDeleting(null);
    try {
      await deleteProvider(provider.provider_id);
      setProviders((list) => list.filter((p) => p.provider_id !== provider.provider_id));
      notify('success', `${provider.provider_name} deleted.`);
    } catch (err) {
      notify('error', err instanceof ApiError ? err.message : 'Could not delete the company.');
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-slate-600">{copy.intro}</p>
        <Button onClick={() => setEditing('new')} disabled={load.status !== 'ready'}>
          <Plus className="size-4" aria-hidden /> Add {copy.noun}
        </Button>
      </div>

      {load.status === 'loading' ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-64 animate-pulse rounded-xl border border-slate-200 bg-white" />
          ))}
        </div>
      ) : null}
      {load.status === 'error' ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800"
        >
          We could not load your {copy.noun === 'insurance company' ? 'insurance' : 'investment'} companies.
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        </div>
      ) : null}
      {load.status === 'ready' && providers.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="mx-auto max-w-md text-slate-600">{copy.empty}</p>
          <Button className="mt-4" onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden /> Add {copy.noun}
          </Button>
        </div>
      ) : null}
      {load.status === 'ready' && providers.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {providers.map((provider) => (
            <ProviderCard
              key={provider.provider_id}
              provider={provider}
              onEdit={() => setEditing(provider)}
              onDelete={() => setDeleting(provider)}
            />
          ))}
        </div>
      ) : null}

      {editing ? (
        <ProviderFormModal
          category={category}
          services={services}
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setProviders((list) =>
              list.some((p) => p.provider_id === saved.provider_id)
                ? list.map((p) => (p.provider_id === saved.provider_id ? saved : p))
                : [...list, saved],
            );
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.provider_name ?? ''}?`}
        description="It will no longer be offered when you record plans. Companies that clients' plans use cannot be deleted."
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && void remove(deleting)}
      />
    </div>
  );
}

/** /dashboard/insurance: spec §2 "Insurance Company". */
export function InsuranceCompanyScreen() {
  return <ProvidersScreen category="insurance" />;
}

/** /dashboard/investments: spec §2 "Investment Company". */
export function InvestmentCompanyScreen() {
  return <ProvidersScreen category="investment" />;
}
