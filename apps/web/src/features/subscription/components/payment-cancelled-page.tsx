import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';

export default function PaymentCancelledPage() {
  return (
    <Page title="Payment cancelled" lead="Nothing was charged. Your card was not used.">
      <div className="flex flex-wrap gap-3">
        <Link to="/subscription" className={buttonClasses('primary', 'lg')}>
          Try again
        </Link>
        <Link to="/" className={buttonClasses('secondary', 'lg')}>
          Back to home
        </Link>
      </div>
    </Page>
  );
}
