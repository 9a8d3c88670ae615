import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { List, Users } from 'lucide-react';
import { Link } from 'react-router';
import { ListPage, listStatus, useListSearch } from '../../../components/ui/list-page.tsx';
import { useFamilies } from '../api/get-families.ts';
import { FamilyCard } from './family-card.tsx';

/** The family view: each client with family members and the plans each holds (issue 5). */
export function FamiliesView() {
  const { page, setPage, box: search, setBox: setSearch, searched: query } = useListSearch();
  const families = useFamilies({
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
    search: query,
  });
  const status = listStatus(families);
  const items = families.data?.items ?? [];
  const total = families.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));

  return (
    <ListPage
      heading={
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <h2 className="font-semibold text-slate-900">Families</h2>
          <p className="text-sm text-slate-600">
            {status === 'ready'
              ? `${total.toLocaleString('en-IN')} ${total === 1 ? 'client' : 'clients'}`
              : ' '}
          </p>
          <Link
            to="/dashboard/users"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
          >
            <List className="size-4" aria-hidden /> List view
          </Link>
        </div>
      }
      search={{
        label: 'Search families',
        placeholder: 'Search by name, email, phone or client code',
        value: search,
        onChange: setSearch,
      }}
      query={families}
      layout="cards"
      loading={
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading families">
          {[0, 1, 2].map((i) => (
            <div key={i} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="h-4 w-48 animate-pulse rounded bg-slate-200" />
              <div className="mt-2 h-3 w-64 animate-pulse rounded bg-slate-100" />
              <div className="mt-5 flex gap-2">
                <div className="h-7 w-40 animate-pulse rounded bg-slate-100" />
                <div className="h-7 w-48 animate-pulse rounded bg-slate-100" />
              </div>
            </div>
          ))}
        </div>
      }
      error="We could not load your clients' families."
      isEmpty={items.length === 0}
      emptyIcon={Users}
      empty={
        query ? (
          <p>No clients match “{query}”. Try a name, email, phone number or client code.</p>
        ) : (
          <>
            <p>No clients yet. Add a primary client, then their family members and plans.</p>
            <Link to="/dashboard/users/add" className="font-medium text-primary-700 hover:underline">
              Add Primary Client
            </Link>
          </>
        )
      }
      pager={{ page, pages, onPage: setPage }}
    >
      <div className="flex flex-col gap-4">
        {items.map((family) => (
          <FamilyCard key={family.primary_client_id} family={family} />
        ))}
      </div>
    </ListPage>
  );
}
