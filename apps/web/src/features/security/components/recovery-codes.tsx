import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/toast.ts';

/**
 * The ten recovery codes, shown once (only their hashes are kept): copy or download them before leaving. Each
 * signs in once in place of a code when the phone is lost.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const text = `Agency Portal recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaved(true);
      notify('success', 'Recovery codes copied.');
    } catch {
      notify('error', 'Could not copy. Select the codes and copy them, or download them.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'agency-portal-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
    setSaved(true);
  };

  return (
    <section aria-labelledby="recovery-title" className="flex flex-col gap-4">
      <div>
        <h3 id="recovery-title" className="text-base font-semibold text-slate-900">
          Save your recovery codes
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          If you lose your phone, each of these codes signs you in once instead of a code from the app. They
          are shown only now: keep them somewhere safe, away from your phone.
        </p>
      </div>
      <ol className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 tabular-nums min-[400px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={copy}>
          <Copy className="size-4" aria-hidden /> Copy codes
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download className="size-4" aria-hidden /> Download
        </Button>
        <Button onClick={onDone} disabled={!saved} className="sm:ml-auto">
          <Check className="size-4" aria-hidden /> I have saved them
        </Button>
      </div>
      {!saved ? <p className="text-sm text-slate-500">Copy or download the codes to continue.</p> : null}
    </section>
  );
}
