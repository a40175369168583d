import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { loadSessionData } from '../../../lib/session-data.ts';
import { readStorage } from '../../../lib/storage.ts';
import { subscriptionStatusQuery, useSubscriptionStatus } from '../api/subscription-queries.ts';
import { trialStartedText } from '../price-copy.ts';

const POLL_MS = 1500;
// How long the confirmation stays before leading on: a trial's page says when it ends and what
// the first payment will be, which takes a moment to read; Continue leads on at once.
const TRIAL_READING_MS = 8000;
const PAID_READING_MS = 1500;
const GIVE_UP_AFTER = 40; // about a minute

const isPaid = (status: string | null | undefined) => status === 'active' || status === 'trialing';

/**
 * Waits until the payment is confirmed (the provider may report it a moment after the redirect),
 * then leads on: the guards send a person without birth data to /birth-form.
 */
export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const signedIn = readStorage(STORAGE_KEYS.authToken) !== null;
  // The polling below asks; this only reads what it brought.
  const { status: current } = useSubscriptionStatus({ enabled: false });
  const status = current?.subscriptionStatus ?? null;
  const confirmed = isPaid(status);
  const gaveUp = !confirmed && attempt >= GIVE_UP_AFTER;

  useEffect(() => {
    if (confirmed || gaveUp || !signedIn) return;
    const timer = setTimeout(
      () => {
        queryClient
          .fetchQuery({ ...subscriptionStatusQuery(), staleTime: 0 })
          .catch(() => undefined)
          .finally(() => setAttempt((n) => n + 1));
      },
      attempt === 0 ? 0 : POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [attempt, confirmed, gaveUp, queryClient, signedIn]);

  // With access granted the account's data opens up: a returning subscriber's saved birth data.
  useEffect(() => {
    if (confirmed) void loadSessionData();
  }, [confirmed]);

  useEffect(() => {
    if (!confirmed) return;
    const readingMs = status === 'trialing' ? TRIAL_READING_MS : PAID_READING_MS;
    const timer = setTimeout(() => navigate('/cosmic-landscape', { replace: true }), readingMs);
    return () => clearTimeout(timer);
  }, [confirmed, status, navigate]);

  if (!signedIn) {
    return (
      <Page title="Checkout complete" lead="Log in to see your subscription and continue.">
        <Link to="/?auth=login" className={buttonClasses('primary', 'lg')}>
          Log in
        </Link>
      </Page>
    );
  }
  if (confirmed) {
    // A trial takes no money now: say when it ends and what the first payment will be.
    const trial = status === 'trialing' && current;
    return (
      <Page
        title={trial ? 'Your free trial has started' : 'Payment successful'}
        lead={trial ? trialStartedText(current) : 'Your subscription is active.'}
      >
        <Alert tone="success">Thank you! Taking you onward in a few seconds...</Alert>
        <Link to="/cosmic-landscape" replace className={buttonClasses('primary', 'lg', 'mt-6')}>
          Continue
        </Link>
      </Page>
    );
  }
  if (gaveUp) {
    return (
      <Page title="Checkout complete" lead="We have not received the confirmation yet.">
        <Alert>
          This is taking longer than usual. If you completed the checkout, it will show up shortly; nothing is
          charged twice.
        </Alert>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button
            onClick={() => {
              setAttempt(0);
            }}
          >
            Check again
          </Button>
          <Link to="/subscription" className={buttonClasses('secondary', 'md')}>
            Go to subscription
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title="Checkout complete" lead="Confirming your subscription...">
      <div className="flex flex-col items-start gap-4" aria-live="polite">
        <Spinner label="Confirming your subscription..." />
        <progress className="w-full" max={GIVE_UP_AFTER} value={attempt} aria-label="Confirmation progress" />
        <p className="text-sm text-muted">This usually takes a few seconds.</p>
      </div>
    </Page>
  );
}
