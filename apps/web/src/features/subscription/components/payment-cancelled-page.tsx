import { Page } from '../../../components/ui/page.tsx';

export default function PaymentCancelledPage() {
  return <Page title="Payment cancelled" />;
}
