import type { AssignedAgent as Agent } from '@portal/contract';
import { UserCheck } from 'lucide-react';
import { useState } from 'react';
import { AssignDialog } from './assign-dialog.tsx';
import { useIsManager } from './client-assignment.tsx';

/**
 * A client record's agent (issue 25): whom the client is assigned to, and for the owner and agency admins a
 * "Change" that reassigns them. An agent sees only their own clients, so only their own name here.
 */
export function AssignedAgent({ clientId, agent }: { clientId: string; agent: Agent }) {
  const manager = useIsManager();
  const [open, setOpen] = useState(false);
  return (
    <span className="inline-flex items-center gap-1.5">
      <UserCheck className="size-4 text-slate-500" aria-hidden />
      Agent: {agent ? agent.name : <span className="text-slate-500">nobody</span>}
      {manager ? (
        <>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded font-medium text-primary-700 hover:underline focus-visible:ring-2 focus-visible:ring-primary-600/40 focus-visible:outline-none"
          >
            {agent ? 'Change' : 'Assign'}
            <span className="sr-only"> the agent of this client</span>
          </button>
          <AssignDialog
            open={open}
            onOpenChange={setOpen}
            clientIds={[clientId]}
            current={agent?.id ?? null}
          />
        </>
      ) : null}
    </span>
  );
}
