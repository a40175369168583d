import { CircleCheck, MailCheck, RefreshCw } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { toast } from '../../../lib/toast-store.ts';
import { resendVerification } from '../api/resend-verification.ts';
import { useCooldown } from '../hooks/use-cooldown.ts';
import { useAuth } from '../stores/auth-store.ts';
import { forgetNotVerifiedReminder, remindNotVerified } from '../verification-reminder.ts';

export const RESEND_COOLDOWN_SECONDS = 60;
export const RESEND_FAILED_MESSAGE = 'Failed to resend verification email';

/**
 * An email address that may wrap before its "@" and its dots, never inside a word (the parent's
 * overflow-wrap breaks a part only when it is wider than the whole line).
 */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

export default function VerifyEmailPendingPage() {
  const user = useAuth((state) => state.user);
  const refreshUser = useAuth((state) => state.refreshUser);
  const logout = useAuth((state) => state.logout);
  const navigate = useNavigate();
  const { remaining, start } = useCooldown('verification-resend-until', RESEND_COOLDOWN_SECONDS);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The first email went out when the account was created: count the cooldown from then.
  const createdAt = user ? Date.parse(user.createdAt) : Number.NaN;
  useEffect(() => {
    if (Number.isFinite(createdAt) && Date.now() - createdAt < RESEND_COOLDOWN_SECONDS * 1000)
      start(createdAt);
  }, [createdAt, start]);

  // Verified here, by the link in another tab or by "I have verified": the reminder no longer holds.
  const verified = user?.emailVerified === true;
  useEffect(() => {
    if (verified) forgetNotVerifiedReminder();
  }, [verified]);

  if (!user) return null;

  if (user.emailVerified) {
    return (
      <Page title="Your email is verified">
        <Card className="flex flex-col items-start gap-4">
          <CircleCheck aria-hidden="true" className="size-10 text-success" />
          <p>Thank you. Your account is ready for the next step: choosing a plan.</p>
          <Link to="/subscription" className={buttonClasses('primary')}>
            Continue
          </Link>
        </Card>
      </Page>
    );
  }

  const resend = async () => {
    setSending(true);
    setError(null);
    try {
      const result = await resendVerification({ email: user.email });
      start();
      toast.success('Verification email sent', result.message);
    } catch (failure) {
      setError(getErrorMessage(failure, { fallback: RESEND_FAILED_MESSAGE }));
    } finally {
      setSending(false);
    }
  };

  const checkAgain = async () => {
    setChecking(true);
    await refreshUser();
    setChecking(false);
    const current = useAuth.getState().user;
    if (!current) navigate('/');
    else if (!current.emailVerified) remindNotVerified();
  };

  return (
    <Page title="Check your inbox" lead="One small step before the stars: confirm your email address.">
      <Card className="flex flex-col gap-5">
        <MailCheck aria-hidden="true" className="size-10 text-gold" />
        <p>
          We sent a verification link to{' '}
          <strong className="[overflow-wrap:anywhere]" data-testid="pending-email">
            <BreakableEmail email={user.email} />
          </strong>
          . Open it on this or any device to verify your account. The link is valid for 24 hours.
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button onClick={resend} loading={sending} loadingText="Sending..." disabled={remaining > 0}>
            {remaining > 0 ? `Resend email in ${remaining} s` : 'Resend verification email'}
          </Button>
          <Button
            variant="secondary"
            onClick={checkAgain}
            loading={checking}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            I have verified
          </Button>
        </div>
        <p aria-live="polite" className="sr-only">
          {remaining > 0 && remaining % 15 === 0 ? `You can resend the email in ${remaining} seconds.` : ''}
        </p>
        <p className="text-sm text-muted">
          Wrong address?{' '}
          <button
            type="button"
            className="font-medium text-accent underline underline-offset-2"
            onClick={async () => {
              await logout();
              navigate('/?auth=register');
            }}
          >
            Log out and register again
          </button>
          .
        </p>
      </Card>
    </Page>
  );
}
