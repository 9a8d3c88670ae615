import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useOutbox } from '../api/get-outbox.ts';
import { useOutboxMessage } from '../api/get-outbox-message.ts';

const PAGE = 10;

function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useOutboxMessage(id);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={message.data?.subject ?? 'E-mail'}>
      {message.isError && !message.isFetching ? (
        <ErrorState variant="inline" onRetry={() => void message.refetch()}>
          We could not open this e-mail.
        </ErrorState>
      ) : !message.data ? (
        <div className="flex justify-center py-8">
          <Spinner label="Opening the e-mail" />
        </div>
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-slate-600">
            To <span className="break-all text-slate-900">{message.data.to}</span> ·{' '}
            {formatDate(message.data.created_at)}
            {message.data.language === 'hi' ? ' · Hindi' : ''}
          </p>
          <pre
            lang={message.data.language}
            className="font-sans break-words whitespace-pre-wrap text-slate-800"
          >
            {message.data.text}
          </pre>
        </div>
      )}
    </Modal>
  );
}

/** The outbox: e-mails kept on an installation without a mail server, newest first (issue 7). */
export function OutboxPanel() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const outbox = useOutbox({ offset: (page - 1) * PAGE, limit: PAGE });
  // Another page shows the spinner while it loads, as the first load does.
  const loading = outbox.isPending || outbox.isPlaceholderData || (outbox.isError && outbox.isFetching);
  const ready = outbox.isSuccess && !loading;
  const items = outbox.data?.items ?? [];
  const total = outbox.data?.total ?? 0;

  return (
    <section aria-labelledby="outbox-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-5 py-4">
        <h2 id="outbox-title" className="font-semibold text-slate-900">
          Outbox
        </h2>
        <p className="text-sm text-slate-600">
          No mail server is set up, so reminders and your daily digest are kept here instead of being sent.
        </p>
      </div>
      {loading ? (
        <div className="flex justify-center py-8" aria-busy="true">
          <Spinner label="Loading the outbox" />
        </div>
      ) : null}
      {outbox.isError && !loading ? (
        <ErrorState variant="centred" className="px-5 py-8" onRetry={() => void outbox.refetch()}>
          We could not load the outbox.
        </ErrorState>
      ) : null}
      {ready && items.length === 0 ? (
        <EmptyState variant="centred" icon={Inbox} className="px-5 py-8">
          <p>No e-mails yet. Reminders appear here on the mornings they are due.</p>
        </EmptyState>
      ) : null}
      {ready && items.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {items.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => setOpen(m.id)}
                className="flex w-full flex-col gap-1 px-5 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words text-slate-900" lang={m.language}>
                    {m.subject}
                  </span>
                  <span className="block text-sm break-all text-slate-600">To {m.to}</span>
                </span>
                <span className="flex shrink-0 items-center gap-2 text-sm text-slate-500">
                  <Badge tone={m.kind === 'digest' ? 'blue' : m.kind === 'security' ? 'amber' : 'slate'}>
                    {/* 'security': to the owner about their account, such as the admin's reset (issue 23 item 14). */}
                    {m.kind === 'digest' ? 'Digest' : m.kind === 'security' ? 'Security' : 'Reminder'}
                  </Badge>
                  {formatDate(m.created_at)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {total > PAGE ? (
        <div className="border-t border-slate-200 px-5 py-3">
          <Pager page={page} pages={Math.ceil(total / PAGE)} busy={loading} onPage={setPage} />
        </div>
      ) : null}
      {open ? <MessageDialog id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
