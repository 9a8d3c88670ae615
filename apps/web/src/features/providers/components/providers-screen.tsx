import type { Provider, ServiceCategory } from '@portal/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { combineQueries, EmptyState, QueryState, Skeleton } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useDeleteProvider } from '../api/delete-provider.ts';
import { useProviders } from '../api/get-providers.ts';
import { useServices } from '../api/get-services.ts';
import { ProviderCard } from './provider-card.tsx';
import { ProviderFormModal } from './provider-form.tsx';

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

/** The agency's insurance or investment companies: cards, add, edit, delete (spec §2). */
export function ProvidersScreen({ category }: { category: ServiceCategory }) {
  const copy = COPY[category];
  const providers = useProviders(category);
  const services = useServices(category);
  const remove = useDeleteProvider(category);
  const [editing, setEditing] = useState<Provider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);
  // The list and the catalogue load together, and fail and retry together, as one screen's data.
  const both = combineQueries([providers, services]);

  const confirmRemove = async (provider: Provider) => {
    setDeleting(null);
    try {
      await remove.mutateAsync(provider);
      notify('success', `${provider.provider_name} deleted.`);
    } catch (err) {
      notify('error', err instanceof ApiError ? err.message : 'Could not delete the company.');
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-slate-600">{copy.intro}</p>
        <Button onClick={() => setEditing('new')} disabled={both.status !== 'success'}>
          <Plus className="size-4" aria-hidden /> Add {copy.noun}
        </Button>
      </div>

      <QueryState
        query={both}
        loading={
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-64" />
            ))}
          </div>
        }
        error={`We could not load your ${category} companies.`}
        isEmpty={([list]) => list.length === 0}
        empty={
          <EmptyState
            action={
              <Button onClick={() => setEditing('new')}>
                <Plus className="size-4" aria-hidden /> Add {copy.noun}
              </Button>
            }
          >
            <p>{copy.empty}</p>
          </EmptyState>
        }
      >
        {([list]) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((provider) => (
              <ProviderCard
                key={provider.provider_id}
                provider={provider}
                onEdit={() => setEditing(provider)}
                onDelete={() => setDeleting(provider)}
              />
            ))}
          </div>
        )}
      </QueryState>

      {editing ? (
        <ProviderFormModal
          category={category}
          services={services.data ?? []}
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.provider_name ?? ''}?`}
        description="It will no longer be offered when you record plans. Companies that clients' plans use cannot be deleted."
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && void confirmRemove(deleting)}
      />
    </div>
  );
}
