import type { ImportJob } from '@portal/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useCancelImport } from '../api/cancel-import.ts';

/** What cancelling does at each stage, said before it is done. */
function consequence(job: ImportJob): { title: string; description: string; label: string } {
  if (job.status === 'running' || job.status === 'queued')
    return {
      title: 'Stop this import?',
      description:
        'It stops after the household it is writing. What is written stays (you can undo it afterwards); the other rows are not imported.',
      label: 'Stop import',
    };
  return {
    title: 'Cancel this import?',
    description: "Nothing has been written. The file's cells are deleted; upload it again to start over.",
    label: 'Cancel import',
  };
}

/** Cancel, confirmed first; while the job finishes its household the button says it is stopping. */
export function CancelButton({ job }: { job: ImportJob }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelImport();
  const words = consequence(job);
  const stopping = cancel.isSuccess && cancel.data.status === job.status;
  return (
    <>
      <Button variant="secondary" busy={cancel.isPending} disabled={stopping} onClick={() => setAsking(true)}>
        {stopping ? 'Stopping…' : words.label}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={words.title}
        description={words.description}
        confirmLabel={words.label}
        cancelLabel="Keep going"
        destructive
        onConfirm={() => {
          setAsking(false);
          cancel.mutate(job.id, {
            onError: (err) =>
              notify('error', err instanceof ApiError ? err.message : 'Could not cancel the import.'),
          });
        }}
      />
    </>
  );
}
