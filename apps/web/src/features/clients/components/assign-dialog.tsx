import { AGENT_FILTER_NONE } from '@portal/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useAssignClients } from '../api/assign-clients.ts';
import { useAgents } from '../api/get-agents.ts';

export interface AssignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The clients to hand over: one (a client's record) or the selected ones of Registered Users. */
  clientIds: string[];
  /** Who has them now, when it is one agent (the record's): chosen at first. */
  current?: string | null;
  /** After a successful assignment (the list clears its selection). */
  onAssigned?: () => void;
}

/** "Assign to…": an active agent of the agency, or nobody (issue 25). For the owner and agency admins. */
export function AssignDialog({ open, onOpenChange, clientIds, current, onAssigned }: AssignDialogProps) {
  const agents = useAgents(open);
  const assign = useAssignClients();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!open) return;
    setChoice(current === undefined ? '' : (current ?? AGENT_FILTER_NONE));
    setError(undefined);
  }, [open, current]);

  const active = (agents.data?.data ?? []).filter((a) => a.active);
  const labels: Record<string, string> = { [AGENT_FILTER_NONE]: 'Nobody (owner and admins only)' };
  for (const a of active) labels[a.id] = `${a.name} (${a.assigned_clients.toLocaleString('en-IN')} clients)`;
  const many = clientIds.length === 1 ? 'this client' : `${clientIds.length.toLocaleString('en-IN')} clients`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setError('Choose an agent, or Nobody.');
      return;
    }
    assign.mutate(
      { client_ids: clientIds, agent_id: choice === AGENT_FILTER_NONE ? null : choice },
      {
        onSuccess: (answer) => {
          notify('success', answer.message);
          onAssigned?.();
          onOpenChange(false);
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : {};
          setError(fields.agent_id ?? fields.client_ids ?? err.message);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Assign to an agent"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="assign-clients" busy={assign.isPending} disabled={agents.isPending}>
            Assign
          </Button>
        </>
      }
    >
      <form id="assign-clients" onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          The agent sees {many} and their family and plans; nobody else but the owner and admins does.
        </p>
        {agents.isError ? (
          <p className="text-sm text-red-700" role="alert">
            We could not load your agents.{' '}
            <button type="button" className="font-medium underline" onClick={() => void agents.refetch()}>
              Retry
            </button>
          </p>
        ) : (
          <SelectField
            label="Agent"
            placeholder={agents.isPending ? 'Loading agents…' : 'Choose an agent'}
            options={[...active.map((a) => a.id), AGENT_FILTER_NONE]}
            optionLabels={labels}
            value={choice}
            error={error}
            onChange={(e) => {
              setChoice(e.target.value);
              setError(undefined);
            }}
          />
        )}
        {agents.isSuccess && active.length === 0 ? (
          <p className="text-sm text-slate-600">
            Your agency has no active agents yet: the owner adds them on the Team screen.
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
