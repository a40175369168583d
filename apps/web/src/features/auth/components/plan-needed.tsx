import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';

/** The server's refusal for a plan without the daily note, with the way to one that has it. */
export function PlanNeeded({ message }: { message: string }) {
  return (
    <Alert tone="error">
      {message}{' '}
      <Link to="/subscription" className="font-medium text-accent underline underline-offset-2">
        Go to the Subscription page
      </Link>
    </Alert>
  );
}
