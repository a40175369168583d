import type { Plan, PlanInterval, ValidateCouponResult } from '@app/contracts/subscription.ts';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { clearAffiliateCode, readStoredAffiliateCode } from '../../../lib/affiliate-code.ts';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { formatPrice } from '../../../lib/format-price.ts';
import { createChatbotSubscription } from '../api/create-chatbot-subscription.ts';
import { createSubscription } from '../api/create-subscription.ts';
import { couponQuery, plansQuery } from '../api/subscription-queries.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { couponSummary, monthlyEquivalent, yearlySavingPercent } from '../price-copy.ts';

const PER: Record<PlanInterval, string> = { month: '/ month', year: '/ year' };
const BILLED: Record<PlanInterval, string> = { month: 'monthly', year: 'yearly' };

function PlanOption({
  plan,
  selected,
  onSelect,
  savingPercent,
}: {
  plan: Plan;
  selected: boolean;
  onSelect: () => void;
  /** For a yearly plan: what it saves against paying monthly. */
  savingPercent: number | null;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer flex-col gap-3 rounded-2xl border bg-surface p-5 transition-colors',
        selected ? 'border-accent ring-2 ring-accent/40' : 'border-line hover:border-accent/60',
      )}
    >
      <span className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2">
          <input
            type="radio"
            name="plan"
            value={plan.id}
            checked={selected}
            onChange={onSelect}
            className="size-4 accent-[var(--color-accent)]"
          />
          <span className="text-lg font-semibold">{plan.name}</span>
        </span>
        {plan.trialDays > 0 ? (
          <span className="rounded-full bg-accent/15 px-2.5 py-0.5 text-xs font-semibold text-accent">
            {plan.trialDays}-day free trial
          </span>
        ) : null}
      </span>
      <span className="text-2xl font-semibold" data-testid={`price-${plan.id}`}>
        {formatPrice(plan.priceMinor, plan.currency)}{' '}
        <span className="text-sm font-normal text-muted">{PER[plan.interval]}</span>
      </span>
      {plan.interval === 'year' ? (
        <span className="-mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
          {monthlyEquivalent(plan)}
          {savingPercent !== null ? (
            <span className="rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success">
              Save {savingPercent}%
            </span>
          ) : null}
        </span>
      ) : null}
      <ul className="flex flex-col gap-1.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {feature}
          </li>
        ))}
      </ul>
    </label>
  );
}

function CouponPreview({ result, plan }: { result: ValidateCouponResult; plan: Plan }) {
  if (!result.valid)
    return (
      <p className="text-sm text-danger" role="status">
        {result.message}
      </p>
    );
  return (
    <p className="text-sm text-success" role="status">
      {couponSummary(result, plan)}
    </p>
  );
}

/** Plans with a monthly/yearly toggle, a coupon with a live preview, then checkout. */
export function PlanSelector() {
  const plans = useQuery(plansQuery());
  const [interval, setInterval] = useState<PlanInterval>('month');
  const [chosenId, setChosenId] = useState<string | null>(null);
  // A partner's link leaves its code in storage; it fills the coupon field until removed.
  const [partnerCode, setPartnerCode] = useState(() => readStoredAffiliateCode()?.code ?? null);
  const [coupon, setCoupon] = useState(() => partnerCode ?? '');
  const couponField = useRef<HTMLInputElement>(null);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const all = plans.data ?? [];
  // The toggle shows the plans billed per its period; a kind of plan billed only per the other
  // period (the chat-only plan is monthly) is named under it instead of shown as if it were.
  const shown = all.filter((plan) => plan.interval === interval);
  const other: PlanInterval = interval === 'month' ? 'year' : 'month';
  const elsewhere = all.filter(
    (plan) => plan.interval === other && !shown.some((offered) => offered.kind === plan.kind),
  );
  const monthlyOf = (plan: Plan) => all.find((p) => p.kind === plan.kind && p.interval === 'month');
  const selected = shown.find((plan) => plan.id === chosenId) ?? shown[0] ?? null;

  const code = useDebouncedValue(coupon.trim().toUpperCase(), 400);
  const preview = useQuery(couponQuery(code, selected?.id));

  // The message under the coupon field; a checkout refused for the same reason does not repeat it.
  const couponMessage = preview.isFetching
    ? null
    : preview.data && !preview.data.valid
      ? preview.data.message
      : preview.isError
        ? getErrorMessage(preview.error)
        : null;

  function removePartnerCode() {
    clearAffiliateCode();
    if (coupon.trim().toUpperCase() === partnerCode) setCoupon('');
    setPartnerCode(null);
    // The button goes away with the code: keep the keyboard where the code was.
    couponField.current?.focus();
  }

  async function checkout() {
    if (!selected) return;
    setCheckoutError(null);
    setRedirecting(true);
    try {
      const couponCode = coupon.trim() || undefined;
      const result =
        selected.kind === 'chat'
          ? await createChatbotSubscription(couponCode)
          : await createSubscription({ planId: selected.id, couponCode });
      window.location.assign(result.url);
    } catch (error) {
      setRedirecting(false);
      setCheckoutError(getErrorMessage(error, { context: 'payment' }));
    }
  }

  if (plans.isPending) return <Spinner label="Loading plans..." />;
  if (plans.isError)
    return <Alert tone="error">{getErrorMessage(plans.error, { context: 'payment' })}</Alert>;

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="sr-only">Billing interval</legend>
        <div className="inline-flex self-center rounded-xl border border-line bg-surface-2 p-1">
          {(['month', 'year'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={interval === value}
              onClick={() => setInterval(value)}
              className={cn(
                'rounded-lg px-4 py-2 text-sm font-medium',
                interval === value ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              {value === 'month' ? 'Monthly' : 'Yearly'}
            </button>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {shown.map((plan) => (
            <PlanOption
              key={plan.id}
              plan={plan}
              selected={selected?.id === plan.id}
              onSelect={() => setChosenId(plan.id)}
              savingPercent={yearlySavingPercent(plan, monthlyOf(plan))}
            />
          ))}
        </div>
        {elsewhere.length > 0 ? (
          <p className="text-center text-sm text-muted" data-testid="plans-elsewhere">
            {elsewhere.map((plan) => plan.name).join(', ')} {elsewhere.length === 1 ? 'is' : 'are'} billed{' '}
            {BILLED[other]} only.{' '}
            <button
              type="button"
              onClick={() => setInterval(other)}
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              Show {BILLED[other]} plans
            </button>
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-2">
        <Field
          ref={couponField}
          label="Coupon code (optional)"
          value={coupon}
          onChange={(event) => setCoupon(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
        />
        {partnerCode ? (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
            <span>
              Partner code <strong className="text-fg">{partnerCode}</strong> comes from the link you
              followed.
            </span>
            <button
              type="button"
              onClick={removePartnerCode}
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              Remove partner code
            </button>
          </p>
        ) : null}
        {preview.isFetching ? <p className="text-sm text-muted">Checking coupon...</p> : null}
        {!preview.isFetching && preview.data && selected ? (
          <CouponPreview result={preview.data} plan={selected} />
        ) : null}
        {!preview.isFetching && preview.isError ? (
          <p className="text-sm text-danger" role="status">
            {couponMessage}
          </p>
        ) : null}
      </div>

      {checkoutError && checkoutError !== couponMessage ? <Alert tone="error">{checkoutError}</Alert> : null}
      <Button
        size="lg"
        onClick={checkout}
        loading={redirecting}
        loadingText="Opening checkout..."
        disabled={!selected}
      >
        {selected && selected.trialDays > 0 ? 'Start free trial' : 'Continue to payment'}
      </Button>
      <p className="text-center text-xs text-muted">
        You can cancel at any time; you keep access until the end of the period.
      </p>
    </div>
  );
}
