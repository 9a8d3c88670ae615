import type { SecondaryClientItem } from '@portal/contract';
import { Inbox, Mail, Phone, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/query-states.tsx';
import { clientPaths } from './client-paths.ts';
import { useClientT } from './client-words.ts';
import { useFamilyT } from './family-words.ts';
import { initials } from './plan-rules.ts';

// Secondary clients list (spec §2): search on full name, email or relationship (spec §5), cards with
// initials, relationship, email, phone or 'Not provided', and View Details.

export const secondaryName = (s: Pick<SecondaryClientItem, 'firstname' | 'lastname'>) =>
  [s.firstname, s.lastname].filter(Boolean).join(' ');

export function matchesSecondary(s: SecondaryClientItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [secondaryName(s), s.secondaryclientemail ?? '', s.relationship].some((v) =>
    v.toLowerCase().includes(needle),
  );
}

export function SecondaryList({ members }: { members: readonly SecondaryClientItem[] }) {
  const [search, setSearch] = useState('');
  const id = useId();
  const t = useFamilyT();
  const tc = useClientT();
  if (members.length === 0) return <EmptyState icon={Inbox}>{t('none')}</EmptyState>;
  const shown = members.filter((m) => matchesSecondary(m, search));
  return (
    <div className="flex flex-col gap-4">
      <div className="relative sm:max-w-sm">
        <label htmlFor={id} className="sr-only">
          {t('searchLabel')}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          id={id}
          type="search"
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none"
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={Inbox}>{t('noMatch')}</EmptyState>
      ) : (
        <ul aria-label={t('listLabel')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((m) => {
            const name = secondaryName(m);
            return (
              <li
                key={m.secondaryclientid}
                className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden
                    className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-800"
                  >
                    {initials(name)}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-slate-900">{name}</p>
                    <p className="text-sm capitalize text-slate-600">
                      {tc(`relation.${m.relationship}`, { defaultValue: m.relationship })}
                    </p>
                  </div>
                </div>
                <div className="flex flex-col gap-1 text-sm text-slate-700">
                  <p className="flex items-center gap-2 break-all">
                    <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
                    {m.secondaryclientemail || tc('notProvided')}
                  </p>
                  <p className="flex items-center gap-2">
                    <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
                    {m.phonenumber || tc('notProvided')}
                  </p>
                </div>
                <Link
                  to={clientPaths.secondaryClient(m.secondaryclientid)}
                  aria-label={t('viewDetailsOf', { name })}
                  className="mt-auto inline-flex min-h-10 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  {t('viewDetails')}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function SecondaryListSkeleton() {
  const t = useFamilyT();
  return (
    <ul
      role="status"
      aria-busy="true"
      aria-label={t('loadingList')}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
    >
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex items-center gap-3">
            <div className="size-11 animate-pulse rounded-full bg-slate-200" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-32 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-16 animate-pulse rounded bg-slate-200" />
            </div>
          </div>
          <div className="h-10 animate-pulse rounded bg-slate-200" />
          <div className="h-10 animate-pulse rounded bg-slate-200" />
        </li>
      ))}
    </ul>
  );
}
