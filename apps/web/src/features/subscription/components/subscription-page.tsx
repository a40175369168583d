import { Alert } from '../../../components/ui/alert.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useSubscriptionStatus } from '../api/subscription-queries.ts';
import { PlanSelector } from './plan-selector.tsx';
import { SubscriptionManager } from './subscription-manager.tsx';

const MANAGED = new Set(['trialing', 'active', 'past_due']);

export default function SubscriptionPage() {
  const { status } = useSubscriptionStatus();
  const current = status?.subscriptionStatus ?? null;
  if (status && current && MANAGED.has(current)) {
    return (
      <Page title="Your subscription" width="wide">
        <SubscriptionManager status={status} />
      </Page>
    );
  }
  return (
    <Page title="Choose your plan" lead="Start with a free trial. Cancel at any time." width="wide">
      {current === 'canceled' || current === 'unpaid' ? (
        <Alert className="mb-6">Your previous subscription has ended. Choose a plan to start again.</Alert>
      ) : null}
      <PlanSelector />
    </Page>
  );
}
