import type { MyPlans } from '@portal/contract';
import { Inbox, Search } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { EmptyState } from '../../../components/ui/query-states.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMyPlansT } from './my-plans-words.ts';
import { PlanCard } from './plan-card.tsx';
import { filterPlans, type PlanItem, type StatusFilter, serviceCodes } from './plan-rules.ts';
import { usePlanWords } from './plan-words.ts';

// My Plans (spec §2): Insurance and Investment tabs with counts, a type filter, search, a visible status
// filter (decisions §4), cards and the footer count. Switching tabs resets the search and the type filter.

type Tab = 'insurance' | 'investment';
const TABS: Tab[] = ['insurance', 'investment'];

export const NO_PLANS =
  'No plans on record yet. Once your agent adds plans to your profile, they will appear here.';

export function PlansBrowser({ plans, now }: { plans: MyPlans; now?: Date }) {
  const [tab, setTab] = useState<Tab>('insurance');
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ insurance: null, investment: null });
  const panelId = useId();
  const words = usePlanWords();
  const t = useMyPlansT();

  const lists: Record<Tab, PlanItem[]> = {
    insurance: plans.insurance_plans,
    investment: plans.investment_plans,
  };
  const current = lists[tab];
  const types = useMemo(() => serviceCodes(current), [current]);
  const shown = filterPlans(current, { search, type: type || 'all', status }, now);

  const choose = (next: Tab) => {
    setTab(next);
    setSearch('');
    setType('');
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === 'insurance' ? 'investment' : 'insurance';
    choose(next);
    tabRefs.current[next]?.focus();
  };
  const filtered = search.trim() !== '' || type !== '' || status !== 'all';

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={t('tabs')} className="flex gap-1 border-b border-slate-200">
        {TABS.map((each) => (
          <button
            key={each}
            ref={(el) => {
              tabRefs.current[each] = el;
            }}
            type="button"
            role="tab"
            id={`${panelId}-${each}`}
            aria-selected={tab === each}
            aria-controls={panelId}
            tabIndex={tab === each ? 0 : -1}
            onClick={() => choose(each)}
            onKeyDown={onTabKey}
            className={cn(
              '-mb-px flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-medium',
              tab === each
                ? 'border-primary-700 text-primary-800'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t(`tab.${each}`)}
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs tabular-nums',
                tab === each ? 'bg-primary-50 text-primary-800' : 'bg-slate-100 text-slate-600',
              )}
            >
              {lists[each].length}
            </span>
          </button>
        ))}
      </div>

      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${tab}`} className="flex flex-col gap-4">
        {current.length === 0 ? (
          <EmptyState icon={Inbox}>{t('noPlans')}</EmptyState>
        ) : (
          <>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-end">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${panelId}-search`} className="text-sm font-medium text-slate-700">
                  {t('search')}
                </label>
                <div className="relative">
                  <Search
                    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                    aria-hidden
                  />
                  <input
                    id={`${panelId}-search`}
                    type="search"
                    placeholder={t('searchPlaceholder')}
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none"
                  />
                </div>
              </div>
              <SelectField
                label={t('type')}
                placeholder={t('allTypes')}
                options={types}
                optionLabels={Object.fromEntries(types.map((c) => [c, words.service(c)]))}
                value={type}
                onChange={(e) => setType(e.target.value)}
              />
              <SelectField
                label={t('status')}
                placeholder={t('allStatuses')}
                options={['active', 'expired']}
                optionLabels={{ active: words.status('Active'), expired: words.status('Expired') }}
                value={status === 'all' ? '' : status}
                onChange={(e) => setStatus((e.target.value || 'all') as StatusFilter)}
              />
            </div>

            {shown.length === 0 ? (
              <EmptyState
                icon={Inbox}
                action={
                  filtered ? (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setSearch('');
                        setType('');
                        setStatus('all');
                      }}
                    >
                      {t('clearFilters')}
                    </Button>
                  ) : null
                }
              >
                {t('noMatch')}
              </EmptyState>
            ) : (
              <ul
                aria-label={t(`listLabel.${tab}`)}
                className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
              >
                {shown.map((plan) => (
                  <PlanCard
                    key={plan.plan_type === 'insurance' ? plan.policy_id : plan.account_id}
                    plan={plan}
                    now={now}
                  />
                ))}
              </ul>
            )}
          </>
        )}
        <p className="text-sm text-slate-600" aria-live="polite">
          {t(`showing.${tab}`, { count: shown.length })}
        </p>
      </div>
    </div>
  );
}
