import type { OutboxItem } from '@portal/contract';
import { Inbox } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { fetchOutbox, fetchOutboxMessage } from '../api/renewals.ts';

const PAGE = 10;

type Message = Awaited<ReturnType<typeof fetchOutboxMessage>>;

function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchOutboxMessage(id, controller.signal).then(
      (m) => !controller.signal.aborted && setMessage(m),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [id]);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={message?.subject ?? 'E-mail'}>
      {failed ? (
        <p role="alert" className="text-red-800">
          We could not open this e-mail.
        </p>
      ) : !message ? (
        <div className="flex justify-center py-8">
          <Spinner label="Opening the e-mail" />
        </div>
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-slate-600">
            To <span className="break-all text-slate-900">{message.to}</span> ·{' '}
            {formatDate(message.created_at)}
            {message.language === 'hi' ? ' · Hindi' : ''}
          </p>
          <pre lang={message.language} className="font-sans break-words whitespace-pre-wrap text-slate-800">
            {message.text}
          </pre>
        </div>
      )}
    </Modal>
  );
}

/** The outbox: e-mails kept on an installation without a mail server, newest first (issue 7). */
export function OutboxPanel({ refreshKey }: { refreshKey: number }) {
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` and `refreshKey` reload on purpose.
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    fetchOutbox({ offset: (page - 1) * PAGE, limit: PAGE }, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setItems(answer.items);
        setTotal(answer.total);
        setStatus('ready');
      },
      () => !controller.signal.aborted && setStatus('error'),
    );
    return () => controller.abort();
  }, [page, attempt, refreshKey]);

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
      {status === 'loading' ? (
        <div className="flex justify-center py-8" aria-busy="true">
          <Spinner label="Loading the outbox" />
        </div>
      ) : null}
      {status === 'error' ? (
        <div role="alert" className="flex flex-col items-center gap-3 px-5 py-8 text-red-800">
          We could not load the outbox.
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        </div>
      ) : null}
      {status === 'ready' && items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-5 py-8 text-center text-slate-600">
          <Inbox className="size-8 text-slate-400" aria-hidden />
          <p>No e-mails yet. Reminders appear here on the mornings they are due.</p>
        </div>
      ) : null}
      {status === 'ready' && items.length > 0 ? (
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
                  <Badge tone={m.kind === 'digest' ? 'blue' : 'slate'}>
                    {m.kind === 'digest' ? 'Digest' : 'Reminder'}
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
          <Pager page={page} pages={Math.ceil(total / PAGE)} busy={status === 'loading'} onPage={setPage} />
        </div>
      ) : null}
      {open ? <MessageDialog id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
