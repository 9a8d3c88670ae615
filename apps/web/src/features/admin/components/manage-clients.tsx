import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { Eye, KeyRound, Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { notify } from '../../../lib/toast.ts';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';
import { useOwners } from '../api/get-owners.ts';
import { type AdminClient, matchesClient } from '../api/normalize.ts';
import { useOwnersUpdating, useUpdateOwner } from '../api/update-owner.ts';
import { EditClientModal, ResetPasswordModal, ViewAgenciesModal } from './client-modals.tsx';
import { VerifiedBadge } from './client-status-badges.tsx';

type Dialog = { kind: 'view' | 'edit' | 'reset'; client: AdminClient } | null;

/** Manage Clients (spec §2): the owners, a page and search kept in the address, their flags and password. */
export function ManageClients() {
  const pager = useCursorPages();
  // The search runs on the server across every owner, from page 1, once typing pauses (the hook sends it); the
  // loaded page is filtered at once meanwhile (spec §5).
  const { page, searched: serverSearch, box: search, setBox: setSearch } = pager;
  // A failed load also raises 'Failed to load clients data.' as a toast (the query's meta).
  const owners = useOwners(
    { ...pager.query, search: serverSearch },
    { errorToast: 'Failed to load clients data.' },
  );
  const updating = useOwnersUpdating();
  const update = useUpdateOwner();
  const [dialog, setDialog] = useState<Dialog>(null);

  const clients = owners.isSuccess ? owners.data.items : [];
  const visible = useMemo(() => clients.filter((c) => matchesClient(c, search)), [clients, search]);
  const total = owners.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));

  /** The active toggle: updated at once, 'Updating...' meanwhile, rolled back on failure (spec §4). */
  const toggleActive = async (client: AdminClient) => {
    try {
      await update.mutateAsync({ ...client, IsActive: !client.IsActive, before: client });
      notify('success', 'Client status updated successfully!');
    } catch {
      notify('error', 'Failed to update client status.');
    }
  };

  return (
    <>
      <ListPage
        heading={<h1 className="text-2xl font-semibold text-slate-900">Manage Clients</h1>}
        search={{
          label: 'Search clients',
          placeholder: 'Search clients…',
          value: search,
          onChange: setSearch,
        }}
        query={owners}
        loading={
          <p className="flex items-center justify-center gap-2 px-5 py-12 text-slate-600">
            <Spinner size="medium" /> Loading clients…
          </p>
        }
        error="Failed to load clients data."
        isEmpty={visible.length === 0}
        empty={<p>No results found.</p>}
        pager={{
          page,
          pages,
          onPage: (target) =>
            pager.goTo(target, {
              next: owners.data?.nextCursor ?? null,
              prev: owners.data?.prevCursor ?? null,
            }),
        }}
      >
        <table className="w-full text-left text-sm max-md:block">
          <thead className="bg-slate-50 text-slate-600 max-md:hidden">
            <tr>
              <th className="px-5 py-3 font-medium">Client Name</th>
              <th className="px-5 py-3 font-medium">Agency Name</th>
              <th className="px-5 py-3 font-medium">Email</th>
              <th className="px-5 py-3 font-medium">Active</th>
              <th className="px-5 py-3 font-medium">Verified</th>
              <th className="px-5 py-3 text-right font-medium">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-md:block">
            {visible.map((client) => {
              const busy = updating.has(client.ClientId);
              return (
                <tr
                  key={client.ClientId}
                  className="max-md:flex max-md:flex-col max-md:gap-2 max-md:px-5 max-md:py-4"
                >
                  <td className="px-5 py-3 font-medium text-slate-900 max-md:p-0">
                    {client.ClientName || 'N/A'}
                  </td>
                  <td className="px-5 py-3 text-slate-700 max-md:p-0">{client.AgencyName ?? 'N/A'}</td>
                  <td className="px-5 py-3 text-slate-700 [overflow-wrap:anywhere] max-md:p-0">
                    {client.AgencyEmail ?? 'N/A'}
                  </td>
                  <td className="px-5 py-3 max-md:p-0">
                    <span className="flex items-center gap-2">
                      <Switch
                        checked={client.IsActive}
                        disabled={busy}
                        label={`Active: ${client.ClientName}`}
                        onCheckedChange={() => void toggleActive(client)}
                      />
                      <span className="text-xs text-slate-600">
                        {busy ? 'Updating...' : client.IsActive ? 'Active' : 'Inactive'}
                      </span>
                    </span>
                  </td>
                  <td className="px-5 py-3 max-md:p-0">
                    <VerifiedBadge verified={client.IsVerified} />
                  </td>
                  <td className="px-5 py-3 max-md:p-0">
                    <span className="flex justify-end gap-1 max-md:justify-start">
                      <Button
                        variant="ghost"
                        className="px-2"
                        title={`View: ${client.ClientName}`}
                        onClick={() => setDialog({ kind: 'view', client })}
                      >
                        <Eye className="size-4" aria-hidden />{' '}
                        <span className="max-2xl:md:sr-only">View</span>
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-2"
                        title={`Edit: ${client.ClientName}`}
                        onClick={() => setDialog({ kind: 'edit', client })}
                      >
                        <Pencil className="size-4" aria-hidden />{' '}
                        <span className="max-2xl:md:sr-only">Edit</span>
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-2"
                        title={`Reset: ${client.ClientName}`}
                        onClick={() => setDialog({ kind: 'reset', client })}
                      >
                        <KeyRound className="size-4" aria-hidden />{' '}
                        <span className="max-2xl:md:sr-only">Reset</span>
                      </Button>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ListPage>

      {dialog?.kind === 'view' ? (
        <ViewAgenciesModal client={dialog.client} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditClientModal
          client={dialog.client}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'reset' ? (
        <ResetPasswordModal client={dialog.client} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
