import { AGENT_FILTER_NONE, MANAGER_ROLES } from '@portal/contract';
import { UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { currentClaims } from '../../../lib/session.ts';
import { useAgents } from '../api/get-agents.ts';
import { AssignDialog } from './assign-dialog.tsx';

// Registered Users' assignment controls (issue 25): the owner and agency admins filter the list by agent and
// hand the selected clients to an agent. An agent sees only their clients and none of this.

/** Whether the signed-in user assigns clients: the owner or an agency admin. */
export function useIsManager(): boolean {
  const roles = currentClaims()?.roles ?? [];
  return roles.some((r) => (MANAGER_ROLES as readonly string[]).includes(r));
}

/** The list's filter by agent, kept in the address (`agent`) as the page and search are. */
export function useAgentFilter() {
  const [params, setParams] = useSearchParams();
  const agent = params.get('agent') ?? '';
  const setAgent = (value: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      // Another filter is another list: from page 1.
      for (const key of ['page', 'after', 'before', 'agent']) copy.delete(key);
      if (value) copy.set('agent', value);
      return copy;
    });
  return { agent, setAgent };
}

export function AgentFilter({ agent, onChange }: { agent: string; onChange: (value: string) => void }) {
  const agents = useAgents(true);
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <span className="whitespace-nowrap">Agent</span>
      <select
        value={agent}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">Everyone’s clients</option>
        <option value={AGENT_FILTER_NONE}>Nobody’s clients</option>
        {(agents.data?.data ?? []).map((a) => (
          <option key={a.id} value={a.id}>
            {a.active ? a.name : `${a.name} (inactive)`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "n selected · Assign to… · Clear", shown while clients are selected. */
export function SelectionBar({ selected, onClear }: { selected: string[]; onClear: () => void }) {
  const [open, setOpen] = useState(false);
  if (selected.length === 0) return null;
  return (
    <section
      aria-label="Selected clients"
      className="flex flex-wrap items-center gap-3 border-b border-primary-100 bg-primary-50 px-5 py-2"
    >
      <p className="text-sm font-medium text-slate-800" aria-live="polite">
        {selected.length === 1 ? '1 client selected' : `${selected.length} clients selected`}
      </p>
      <Button onClick={() => setOpen(true)}>
        <UserCheck className="size-4" aria-hidden /> Assign to…
      </Button>
      <Button variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
      <AssignDialog open={open} onOpenChange={setOpen} clientIds={selected} onAssigned={onClear} />
    </section>
  );
}
