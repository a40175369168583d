import type { PlanChange } from '@app/contracts/subscription.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { formatDay } from '../../../lib/format-date.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast-store.ts';
import { changePlan } from '../api/change-plan.ts';
import type { SubscriptionStatus } from '../api/get-subscription-status.ts';
import { previewPlanChange } from '../api/preview-plan-change.ts';
import { plansQuery } from '../api/subscription-queries.ts';
import {
  PLAN_CHANGE_RULE,
  planChangeConfirmLabel,
  planChangeLines,
  planChangeTitle,
} from '../plan-change-copy.ts';
import { pricePer } from '../price-copy.ts';

/**
 * Switching plans: the other plans with their prices, a switch already set for the period end
 * (which can be called off), and a confirmation that says what happens and what is charged when,
 * as the server worked it out, before anything changes.
 */
export function PlanChangeCard({ status }: { status: SubscriptionStatus }) {
  const queryClient = useQueryClient();
  const plans = useQuery(plansQuery());
  const headingId = useId();
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [change, setChange] = useState<PlanChange | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const current = status.plan ?? null;
  if (!current) return null;
  const scheduled = status.scheduledChange ?? null;
  const others = (plans.data ?? []).filter(
    (plan) => plan.id !== current.id && plan.currency === current.currency,
  );

  async function review(planId: string) {
    setReviewing(planId);
    setError(null);
    setConfirmError(null);
    try {
      setChange(await previewPlanChange({ planId }));
    } catch (failure) {
      setError(getErrorMessage(failure, { context: 'subscription' }));
    } finally {
      setReviewing(null);
    }
  }

  async function confirm(shown: PlanChange) {
    setConfirming(true);
    setConfirmError(null);
    try {
      const result = await changePlan({ planId: shown.to.id, quotedAt: shown.quotedAt });
      setChange(null);
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscription.all });
    } catch (failure) {
      setConfirmError(getErrorMessage(failure, { context: 'payment' }));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <Card className="flex flex-col gap-3" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        Change plan
      </h2>
      {scheduled ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p data-testid="scheduled-change">
            Your plan changes to {scheduled.plan.name} on {formatDay(scheduled.at)}.
          </p>
          <Button variant="secondary" loading={reviewing === current.id} onClick={() => review(current.id)}>
            Keep {current.name}
          </Button>
        </div>
      ) : null}
      <p className="text-sm text-muted">{PLAN_CHANGE_RULE}</p>
      {plans.isError ? <Alert tone="error">{getErrorMessage(plans.error)}</Alert> : null}
      <ul className="flex flex-col gap-2">
        {others.map((plan) => (
          <li
            key={plan.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line px-4 py-3"
          >
            <span>
              <span className="font-medium">{plan.name}</span>{' '}
              <span className="text-muted">{pricePer(plan.priceMinor, plan.currency, plan.interval)}</span>
            </span>
            {scheduled?.plan.id === plan.id ? (
              <span className="text-sm text-muted">Starts {formatDay(scheduled.at)}</span>
            ) : (
              <Button variant="secondary" loading={reviewing === plan.id} onClick={() => review(plan.id)}>
                Switch to {plan.name}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {error ? <Alert tone="error">{error}</Alert> : null}

      <Dialog
        open={change !== null}
        onClose={() => setChange(null)}
        title={change ? planChangeTitle(change) : ''}
        description={
          change ? (
            <ul className="flex flex-col gap-2" data-testid="plan-change-details">
              {planChangeLines(change).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null
        }
      >
        {confirmError ? <Alert tone="error">{confirmError}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setChange(null)}>
            Not now
          </Button>
          {change ? (
            <Button loading={confirming} onClick={() => confirm(change)}>
              {planChangeConfirmLabel(change)}
            </Button>
          ) : null}
        </div>
      </Dialog>
    </Card>
  );
}
