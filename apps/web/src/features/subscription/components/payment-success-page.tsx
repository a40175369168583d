import { Page } from '../../../components/ui/page.tsx';

export default function PaymentSuccessPage() {
  return <Page title="Payment successful" />;
}
