import type { RecordStamp } from '@portal/contract';
import { formatDate } from '../../lib/format.ts';

// "Added by … · Last changed by …" on a client's record and a plan (issue 25 item 4): small, quiet text.

function who(stamp: RecordStamp): string {
  if (!stamp.name) return '';
  return stamp.role ? ` by ${stamp.name} (${stamp.role})` : ` by ${stamp.name}`;
}

/** Who added a record and who last changed it, and when (Indian dates); nothing when neither is known. */
export function RecordStamps({
  added,
  changed,
  className,
}: {
  added: RecordStamp | null;
  changed: RecordStamp | null;
  className?: string;
}) {
  if (!added && !changed) return null;
  const parts = [
    added ? `Added${who(added)} on ${formatDate(added.at)}` : null,
    changed ? `Last changed${who(changed)} on ${formatDate(changed.at)}` : null,
  ].filter(Boolean);
  return <p className={className ?? 'text-xs text-slate-500'}>{parts.join(' · ')}</p>;
}
