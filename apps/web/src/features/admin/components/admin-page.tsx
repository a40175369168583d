import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { adminAccessQuery } from '../api/admin-api.ts';
import { AdminArea } from './admin-area.tsx';
import { SecondFactorGate } from './second-factor-gate.tsx';

/**
 * /admin: the route only asks for a sign-in (docs/requirements/routes-and-guards.md); the page asks
 * the server whether this session may use the admin area, and leads an admin through the second
 * factor first.
 */
export default function AdminPage() {
  const access = useQuery(adminAccessQuery());
  if (access.isPending)
    return (
      <div className="flex justify-center py-20" role="status" aria-label="Loading">
        <Spinner className="size-6" />
      </div>
    );
  if (access.isError)
    return (
      <Page title="Admin dashboard">
        <Alert tone="error">{getErrorMessage(access.error)}</Alert>
      </Page>
    );
  if (access.data === 'not-admin') {
    return (
      <Page title="Not allowed" lead="The admin area is for the operators of Astro Guidance.">
        <div className="flex items-start gap-3 text-muted">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            Your account does not have the admin role. If you think it should, ask an operator to grant it.
          </p>
        </div>
        <Link to="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
          Back to the home page
        </Link>
      </Page>
    );
  }
  if (access.data === 'open') return <AdminArea />;
  return <SecondFactorGate step={access.data} />;
}
