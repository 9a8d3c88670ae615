import {
  MSG,
  SECOND_FACTOR_MSG,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@portal/contract';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { QueryState, Skeleton } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useConfirmSecondFactor } from '../api/confirm-second-factor.ts';
import { useDisableSecondFactor } from '../api/disable-second-factor.ts';
import { useEnrolSecondFactor } from '../api/enrol-second-factor.ts';
import { useSecondFactor } from '../api/get-second-factor.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

const isCode = (value: string) => /^\d{6}$/.test(value.replace(/\s+/g, ''));
const failure = (err: unknown) => (err instanceof ApiError ? err.message : MSG.genericError);

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function CodeField(props: { value: string; onChange: (v: string) => void; error?: string | undefined }) {
  return (
    <TextField
      label="6-digit code from the app"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={7}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error}
      className="max-w-48 font-mono tracking-[0.3em]"
    />
  );
}

/** Scan or type the key, then prove it works with a code; the answer is the recovery codes. */
function Enrolment({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: SecondFactorEnrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useConfirmSecondFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCode(code)) return setError(SECOND_FACTOR_MSG.codeNeeded);
    setError(undefined);
    try {
      const answer = await confirm.mutateAsync(code.replace(/\s+/g, ''));
      onConfirmed(answer.recovery_codes);
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.code ?? err.message) : MSG.genericError);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <ol className="flex flex-col gap-5 text-sm text-slate-700">
        <li className="flex flex-col gap-3">
          <p>
            <span className="font-medium text-slate-900">1. Scan this QR code</span> with an authenticator app
            (Google Authenticator, Microsoft Authenticator, 1Password and others).
          </p>
          <img
            src={enrolment.qr_code}
            alt="QR code of your new two-step verification key"
            width={192}
            height={192}
            className="size-48 rounded-md border border-slate-200 bg-white p-2"
          />
        </li>
        <li className="flex flex-col gap-2">
          <p>
            <span className="font-medium text-slate-900">Or enter this key</span> in the app by hand (time
            based):
          </p>
          <code className="w-fit max-w-full rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all">
            {grouped(enrolment.secret)}
          </code>
        </li>
        <li className="flex flex-col gap-2">
          <p>
            <span className="font-medium text-slate-900">2. Enter the code</span> the app now shows for Agency
            Portal.
          </p>
          <CodeField value={code} onChange={setCode} error={error} />
        </li>
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={confirm.isPending}>
          {confirm.isPending ? 'Confirming...' : 'Turn on'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Turning it off asks for the password and a current code, in a dialog (re-authentication). */
function DisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const disable = useDisableSecondFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; code?: string | undefined }>({});

  useEffect(() => {
    if (!open) {
      setPassword('');
      setCode('');
      setErrors({});
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: password ? undefined : 'Current Password is required.',
      code: isCode(code) ? undefined : SECOND_FACTOR_MSG.codeNeeded,
    };
    setErrors(found);
    if (found.password || found.code) return;
    try {
      await disable.mutateAsync({ current_password: password, code: code.replace(/\s+/g, '') });
      notify('success', SECOND_FACTOR_MSG.disabled);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && (err.fields.current_password || err.fields.code)) {
        setErrors({ password: err.fields.current_password, code: err.fields.code });
      } else notify('error', failure(err));
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Turn off two-step verification?">
      <form id="disable-second-factor" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          Your password alone will then sign in to your account, and your recovery codes stop working. Confirm
          with your password and a code from your app.
        </p>
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <CodeField value={code} onChange={setCode} error={errors.code} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={disable.isPending}>
            {disable.isPending ? 'Turning off...' : 'Turn off'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function StatusCard({
  status,
  onSetUp,
  busy,
}: {
  status: SecondFactorStatus;
  onSetUp: () => void;
  busy: boolean;
}) {
  const [disabling, setDisabling] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {status.enabled ? (
          <ShieldCheck className="size-6 text-green-700" aria-hidden />
        ) : (
          <ShieldOff className="size-6 text-amber-700" aria-hidden />
        )}
        <h2 className="text-base font-semibold text-slate-900">Two-step verification</h2>
        {status.enabled ? <Badge tone="green">On</Badge> : <Badge tone="amber">Off</Badge>}
      </div>
      {status.enabled ? (
        <>
          <p className="text-sm text-slate-600">
            Signing in needs your password and a code from your authenticator app
            {status.enabled_at ? ` (on since ${formatDate(status.enabled_at)})` : ''}. Recovery codes left:{' '}
            <span className="font-medium text-slate-900 tabular-nums">
              {status.recovery_codes_left} of 10
            </span>
            .
          </p>
          {status.required ? (
            <p className="text-sm text-slate-600">
              The platform admin must keep it on. Turning it off asks you to set it up again straight away.
            </p>
          ) : null}
          <div>
            <Button variant="secondary" onClick={() => setDisabling(true)}>
              Turn off
            </Button>
          </div>
          <DisableDialog open={disabling} onOpenChange={setDisabling} />
        </>
      ) : (
        <>
          {status.required ? (
            <p
              role="status"
              className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              {SECOND_FACTOR_MSG.enrolRequired} The platform admin's account opens only with a code from an
              authenticator app.
            </p>
          ) : null}
          <p className="text-sm text-slate-600">
            Add a code from an authenticator app on your phone to your password, so that a stolen or reset
            password alone cannot open your account.
          </p>
          <div>
            <Button onClick={onSetUp} busy={busy}>
              {busy ? 'Preparing...' : 'Set up two-step verification'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** Account security (the workspace's and the admin area's): the TOTP second factor (issue 23 item 14). */
export function SecurityScreen({ onEnrolled }: { onEnrolled?: () => void }) {
  const status = useSecondFactor();
  const enrol = useEnrolSecondFactor();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = async () => {
    try {
      setEnrolment(await enrol.mutateAsync());
    } catch (err) {
      notify('error', failure(err));
    }
  };

  return (
    <div className="flex max-w-2xl flex-col gap-5">
      <p className="text-slate-600">How you sign in to Agency Portal.</p>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:p-6">
        {codes ? (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              setCodes(null);
              onEnrolled?.();
            }}
          />
        ) : enrolment ? (
          <Enrolment
            enrolment={enrolment}
            onCancel={() => setEnrolment(null)}
            onConfirmed={(recovery) => {
              setEnrolment(null);
              setCodes(recovery);
              notify('success', SECOND_FACTOR_MSG.enabled);
            }}
          />
        ) : (
          <QueryState
            query={status}
            loading={
              <div className="flex flex-col gap-3" aria-busy="true">
                <Skeleton className="h-6 w-64" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-10 w-56" />
              </div>
            }
            error="Could not load your security settings."
          >
            {(data) => <StatusCard status={data} onSetUp={start} busy={enrol.isPending} />}
          </QueryState>
        )}
      </section>
    </div>
  );
}
