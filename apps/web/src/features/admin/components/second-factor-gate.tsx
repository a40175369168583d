import type { MfaEnroll } from '@app/contracts/auth.ts';
import { useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { enrollSecondFactor, verifySecondFactor } from '../api/admin-api.ts';

/** The code box of both steps: six digits from the app, or a recovery code. */
function CodeForm({
  label,
  submit,
  onDone,
}: {
  label: string;
  submit: string;
  onDone: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onDone(code);
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={send} className="mt-6 flex flex-col gap-4" aria-label="Authenticator code">
      <Field
        label={label}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        required
        error={error}
      />
      <Button type="submit" loading={busy} loadingText="Checking…">
        {submit}
      </Button>
    </form>
  );
}

/** Recovery codes, shown once: copy or download them before going on. */
function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const text = codes.join('\n');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    link.download = 'astro-guidance-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Page
      title="Save your recovery codes"
      lead="Each code signs you in once if you lose your phone. They are shown only now."
    >
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl border border-line bg-surface p-4 font-mono"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onContinue}>I have saved them</Button>
      </div>
    </Page>
  );
}

function Enrolment({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<MfaEnroll>();
  const [qr, setQr] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (enrolment) void toDataURL(enrolment.otpauthUrl, { margin: 1, width: 220 }).then(setQr);
  }, [enrolment]);
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setEnrolment(await enrollSecondFactor());
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page
      title="Set up two-step sign-in"
      lead="The admin area asks for a code from an authenticator app (such as 1Password, Google Authenticator or Aegis) on top of your password."
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!enrolment ? (
        <Button onClick={start} loading={busy} loadingText="Preparing…">
          Set up two-step sign-in
        </Button>
      ) : (
        <>
          <ol className="list-decimal space-y-2 pl-5">
            <li>Scan this code with your authenticator app, or type the key below into it.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className="mt-4 flex flex-col items-start gap-3">
            {qr ? (
              <img
                src={qr}
                width={220}
                height={220}
                alt="QR code for your authenticator app"
                className="rounded-lg bg-white"
              />
            ) : (
              <Spinner />
            )}
            <p className="text-sm">
              Key: <code className="break-all font-mono">{enrolment.secret}</code>
            </p>
          </div>
          <CodeForm
            label="Code from the app"
            submit="Confirm"
            onDone={async (code) => onConfirmed((await verifySecondFactor(code)).recoveryCodes ?? [])}
          />
        </>
      )}
    </Page>
  );
}

/** Before the admin area: set up the authenticator, or enter its code for this session. */
export function SecondFactorGate({ step }: { step: 'set-up-second-factor' | 'enter-code' }) {
  const queryClient = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const passed = () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });

  if (recoveryCodes)
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onContinue={() => {
          setRecoveryCodes(undefined);
          passed();
        }}
      />
    );
  if (step === 'set-up-second-factor') return <Enrolment onConfirmed={setRecoveryCodes} />;
  return (
    <Page
      title="Confirm it is you"
      lead="Enter the code from your authenticator app, or one of your recovery codes."
    >
      <CodeForm
        label="Code"
        submit="Continue"
        onDone={async (code) => {
          await verifySecondFactor(code);
          passed();
        }}
      />
    </Page>
  );
}
