import { Page } from '../../../components/ui/page.tsx';

export default function SubscriptionPage() {
  return <Page title="Choose your plan" />;
}
