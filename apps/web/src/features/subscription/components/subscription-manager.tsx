import type { Invoice } from '@app/contracts/subscription.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { formatDay } from '../../../lib/format-date.ts';
import { formatPrice } from '../../../lib/format-price.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast-store.ts';
import { cancelSubscription } from '../api/cancel-subscription.ts';
import type { SubscriptionStatus } from '../api/get-subscription-status.ts';
import { reactivateSubscription } from '../api/reactivate-subscription.ts';
import { invoicesQuery } from '../api/subscription-queries.ts';
import { updatePaymentMethod } from '../api/update-payment-method.ts';
import { nextPaymentText } from '../plan-change-copy.ts';
import { PlanChangeCard } from './plan-change.tsx';

const STATUS_LABELS: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment failed',
  unpaid: 'Unpaid',
  canceled: 'Ended',
  incomplete: 'Waiting for payment',
  incomplete_expired: 'Payment not completed',
  paused: 'Paused',
};

const INVOICE_LABELS: Record<Invoice['status'], string> = {
  paid: 'Paid',
  open: 'Open',
  failed: 'Failed',
  refunded: 'Refunded',
  void: 'Void',
};

function Invoices() {
  const invoices = useQuery(invoicesQuery());
  if (invoices.isPending) return <p className="text-sm text-muted">Loading invoices...</p>;
  if (invoices.isError) return <p className="text-sm text-danger">{getErrorMessage(invoices.error)}</p>;
  if (invoices.data.length === 0) return <p className="text-sm text-muted">No payments yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="text-muted">
          <th className="py-1 font-medium">Date</th>
          <th className="py-1 font-medium">Amount</th>
          <th className="py-1 font-medium">Status</th>
        </tr>
      </thead>
      <tbody>
        {invoices.data.map((invoice) => (
          <tr key={invoice.id} className="border-t border-line">
            <td className="py-1.5">{formatDay(invoice.createdAt)}</td>
            <td className="py-1.5">{formatPrice(invoice.amountMinor, invoice.currency)}</td>
            <td className="py-1.5">{INVOICE_LABELS[invoice.status]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** For subscribers: status, the next date that matters, cancel, reactivate, card and invoices. */
export function SubscriptionManager({ status }: { status: SubscriptionStatus }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'reactivate' | 'card' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const plan = status.plan ?? null;
  const state = status.subscriptionStatus ?? '';
  const ending = status.cancelAtPeriodEnd === true;

  async function run(kind: 'cancel' | 'reactivate' | 'card', work: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(getErrorMessage(failure, { context: kind === 'card' ? 'payment' : 'subscription' }));
    } finally {
      setBusy(null);
    }
  }

  // The status and the invoices both change with an action: the whole branch is read again.
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.subscription.all });

  const trialing = state === 'trialing';
  let when: string | null = null;
  if (trialing && status.trialEnd) {
    when = ending
      ? `Your trial ends on ${formatDay(status.trialEnd)}; nothing will be charged.`
      : `Your free trial ends on ${formatDay(status.trialEnd)}.`;
  } else if (status.currentPeriodEnd) {
    when = ending
      ? `Your subscription ends on ${formatDay(status.currentPeriodEnd)}.`
      : `Renews on ${formatDay(status.currentPeriodEnd)}.`;
  }
  // The amount with its coupon and the date; for the plan it switches to when one is set.
  const next = status.nextPayment ?? null;
  const nextPlan =
    next && status.scheduledChange?.plan.id === next.planId ? status.scheduledChange.plan : null;
  const changeable = !ending && (state === 'trialing' || state === 'active');

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-xl font-semibold">{plan ? `${plan.name} plan` : 'Your plan'}</h2>
          <span
            className="rounded-full bg-surface-2 px-3 py-1 text-sm font-medium"
            data-testid="subscription-state"
          >
            {ending && state !== 'canceled' ? 'Ends at period end' : (STATUS_LABELS[state] ?? state)}
          </span>
        </div>
        {plan ? (
          <p className="text-muted">
            {formatPrice(plan.priceMinor, plan.currency)} / {plan.interval === 'year' ? 'year' : 'month'}
          </p>
        ) : null}
        {when ? <p data-testid="subscription-when">{when}</p> : null}
        {next && !ending ? (
          <p data-testid="subscription-next-payment">
            {nextPaymentText(next, { first: trialing, planName: nextPlan?.name })}
          </p>
        ) : null}
        {state === 'past_due' ? (
          <Alert tone="error">
            Your last payment did not go through. Please update your card to keep your access.
          </Alert>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="mt-2 flex flex-wrap gap-3">
          {ending ? (
            <Button
              loading={busy === 'reactivate'}
              onClick={() =>
                run('reactivate', async () => {
                  const result = await reactivateSubscription();
                  if (result.url) {
                    window.location.assign(result.url);
                    return;
                  }
                  toast.success(result.message);
                  await refresh();
                })
              }
            >
              Reactivate subscription
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel subscription
            </Button>
          )}
          <Button
            variant="secondary"
            loading={busy === 'card'}
            onClick={() =>
              run('card', async () => {
                window.location.assign(await updatePaymentMethod());
              })
            }
          >
            Manage card
          </Button>
        </div>
      </Card>

      {changeable ? <PlanChangeCard status={status} /> : null}

      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Past invoices</h2>
        <Invoices />
      </Card>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel your subscription?"
        description={
          status.currentPeriodEnd
            ? `You keep access until ${formatDay(status.currentPeriodEnd)}. Nothing more will be charged.`
            : 'Nothing more will be charged.'
        }
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep subscription
          </Button>
          <Button
            variant="danger"
            loading={busy === 'cancel'}
            onClick={() =>
              run('cancel', async () => {
                const result = await cancelSubscription();
                setConfirming(false);
                toast.success(result.message);
                await refresh();
              })
            }
          >
            Yes, cancel
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
