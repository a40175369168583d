import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { confirmApplicationChanges } from '../api/confirm-changes.ts';

/**
 * Opened from the mail sent when new answers arrive for a pending application. Nothing changes
 * until the person presses the button, so a mail scanner that opens the link changes nothing.
 */
export default function ConfirmChangesPage() {
  const { token = '' } = useParams();
  const confirm = useMutation({ mutationFn: () => confirmApplicationChanges(token) });

  if (confirm.isSuccess) {
    return (
      <Page title="Application updated">
        <Card className="flex flex-col items-start gap-4">
          <CircleCheck aria-hidden="true" className="size-10 text-success" />
          <p role="status">{confirm.data.message}</p>
          <p className="text-sm text-muted">Our decision will come to the same address.</p>
          <Link to="/partners" className={buttonClasses('secondary')}>
            Back to the partner programme
          </Link>
        </Card>
      </Page>
    );
  }

  return (
    <Page title="Confirm the changes to your application">
      <Card className="flex flex-col items-start gap-4">
        <p>
          New answers were sent for the partner application of your address. Confirm them to replace the
          answers we hold; if you did not send them, close this page and nothing changes.
        </p>
        {confirm.isError && (
          <p role="alert" className="flex items-start gap-2 text-danger">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {getErrorMessage(confirm.error)}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => confirm.mutate()} loading={confirm.isPending} disabled={confirm.isError}>
            Confirm the changes
          </Button>
          <Link to="/partners/apply" className={buttonClasses('secondary')}>
            Go to the application page
          </Link>
        </div>
      </Card>
    </Page>
  );
}
