import type { Plan, PlanInterval } from '@app/contracts/subscription.ts';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { plansQuery } from '../../features/subscription/api/subscription-queries.ts';
import { monthlyEquivalent, pricePer } from '../../features/subscription/price-copy.ts';
import { formatPrice } from '../../lib/format-price.ts';

// What the product costs, from the plan catalogue (GET /api/subscription/plans). The prices are
// asked for once the page runs (the page served at build time holds placeholders of the same
// size), so nothing moves when they arrive.

/** The plan a newcomer most likely means: the whole product, paid monthly. */
export function headlinePlan(plans: readonly Plan[]): Plan | undefined {
  const full = plans.filter((plan) => plan.kind === 'full');
  return full.find((plan) => plan.interval === 'month') ?? full[0] ?? plans[0];
}

/** "7-day free trial, then $14.99/month" (or the price alone without a trial). */
export function priceLine(plan: Plan, locale?: string): string {
  const price = pricePer(plan.priceMinor, plan.currency, plan.interval, locale);
  return plan.trialDays > 0 ? `${plan.trialDays}-day free trial, then ${price}` : price;
}

const PER: Record<PlanInterval, string> = { month: '/ month', year: '/ year' };

const INCLUDES: Record<Plan['kind'], string> = {
  full: 'Daily landscape, assistant and birth chart',
  chat: 'The astrology assistant only',
};

function usePlans() {
  return useQuery(plansQuery());
}

/** The hero's one line about the price; the line keeps its height while the prices load. */
export function PriceLine() {
  const plans = usePlans();
  const plan = headlinePlan(plans.data ?? []);
  return (
    <p className="flex min-h-7 items-center gap-2 font-medium" data-testid="hero-price">
      {plan ? (
        <>
          <Tag aria-hidden="true" className="size-4 shrink-0 text-accent" />
          {priceLine(plan)}
        </>
      ) : plans.isPending ? (
        <span aria-hidden="true" className="h-4 w-64 max-w-full animate-pulse rounded-md bg-surface-2" />
      ) : null}
    </p>
  );
}

/** Every plan card, loaded or not, has this frame: the placeholders take the cards' place exactly. */
const PLAN_CARD = 'flex min-h-56 flex-col rounded-2xl border border-line bg-surface/80 p-6';

/** As many placeholders as the default catalogue has plans. */
const PLACEHOLDERS = 3;

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <li className={PLAN_CARD} data-testid="plan-card">
      <h3 className="truncate text-lg font-semibold">{plan.name}</h3>
      <p className="mt-2 h-6">
        {plan.trialDays > 0 ? (
          <span className="rounded-full bg-accent/15 px-2.5 py-0.5 text-xs font-semibold text-accent">
            {plan.trialDays}-day free trial
          </span>
        ) : null}
      </p>
      <p className="mt-3 text-3xl font-semibold" data-testid={`home-price-${plan.id}`}>
        {formatPrice(plan.priceMinor, plan.currency)}{' '}
        <span className="text-sm font-normal text-muted">{PER[plan.interval]}</span>
      </p>
      <p className="mt-1 truncate text-sm text-muted">
        {plan.interval === 'year' ? monthlyEquivalent(plan) : 'Billed monthly'}
      </p>
      <p className="mt-auto pt-3 text-sm">{INCLUDES[plan.kind]}</p>
    </li>
  );
}

function PlanPlaceholder() {
  const bar = 'animate-pulse rounded-md bg-surface-2';
  return (
    <li className={PLAN_CARD} data-testid="plan-card" aria-hidden="true">
      <span className={`${bar} h-6 w-28`} />
      <span className={`${bar} mt-3 h-5 w-32 rounded-full`} />
      <span className={`${bar} mt-4 h-9 w-36`} />
      <span className={`${bar} mt-2 h-4 w-44`} />
      <span className={`${bar} mt-auto h-4 w-52`} />
    </li>
  );
}

/**
 * The plans with their prices and free trials. `action` is what to do next (create an account,
 * or choose a plan), shown under the cards.
 */
export function Pricing({ action }: { action?: ReactNode }) {
  const plans = usePlans();
  return (
    <section
      aria-labelledby="pricing-title"
      className="below-fold mx-auto [--below-fold-height:70rem] w-full max-w-6xl px-4 pb-20 sm:px-6"
    >
      <h2 id="pricing-title" className="text-2xl font-semibold sm:text-3xl">
        Plans and prices
      </h2>
      <p className="mt-2 max-w-2xl text-muted">
        Start with a free trial: nothing is charged until it ends. Cancel any time and keep access until the
        end of the period.
      </p>
      {plans.isError ? (
        <div className="mt-8 flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface/80 p-6">
          <p>The prices could not be loaded right now.</p>
          <Button variant="secondary" size="sm" onClick={() => void plans.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul aria-busy={plans.isPending} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {plans.data
            ? plans.data.map((plan) => <PlanCard key={plan.id} plan={plan} />)
            : Array.from({ length: PLACEHOLDERS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count never reorder
                <PlanPlaceholder key={index} />
              ))}
        </ul>
      )}
      {plans.isPending ? (
        <p className="sr-only" role="status">
          Loading the prices…
        </p>
      ) : null}
      {action ? <div className="mt-8">{action}</div> : null}
    </section>
  );
}
