import { LinkTokenSchema } from '@app/contracts/auth.ts';
import { useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useAuth } from '../stores/auth-store.ts';
import { forgetNotVerifiedReminder } from '../verification-reminder.ts';

const INVALID_LINK =
  'This verification link is invalid or incomplete. Please use the latest link we emailed you.';

/**
 * Whether a refused link is one the signed-in person no longer needs: the server refuses a used
 * link like an unknown one (400 INVALID_TOKEN), so ask whose email is verified. The stored profile
 * may be older than a verification on another device: it is fetched again first.
 */
async function alreadyVerified(error: unknown): Promise<boolean> {
  const refused = isAxiosError(error) && error.response?.status === 400;
  const code = refused ? (error.response?.data as { code?: unknown } | undefined)?.code : undefined;
  if (code !== 'INVALID_TOKEN' || !useAuth.getState().token) return false;
  if (!useAuth.getState().user?.emailVerified) await useAuth.getState().refreshUser();
  return useAuth.getState().user?.emailVerified === true;
}

export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verifyEmail = useAuth((state) => state.verifyEmail);
  const signedIn = useAuth((state) => Boolean(state.user));
  const wellFormed = LinkTokenSchema.safeParse(token).success;

  // A verification secret works once: the query runs exactly once per token and is never retried.
  const verification = useQuery({
    queryKey: queryKeys.auth.verifyEmail(token),
    queryFn: async (): Promise<'verified' | 'already-verified'> => {
      try {
        await verifyEmail(token);
        return 'verified';
      } catch (error) {
        if (await alreadyVerified(error)) return 'already-verified';
        throw error;
      }
    },
    enabled: wellFormed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const verified = wellFormed && verification.isSuccess;
  const outcome = verified ? verification.data : undefined;
  useEffect(() => {
    if (verified) forgetNotVerifiedReminder();
  }, [verified]);

  if (wellFormed && verification.isPending) {
    return (
      <Page title="Verifying your email">
        <Card className="flex items-center gap-3" role="status">
          <Spinner className="size-5" />
          <p>Checking your link...</p>
        </Card>
      </Page>
    );
  }

  if (outcome === 'already-verified') {
    return (
      <Page title="Your email is already verified">
        <Card className="flex flex-col items-start gap-4">
          <CircleCheck aria-hidden="true" className="size-10 text-success" />
          <p role="status">
            This link was used before, and your email address is verified: there is nothing more to do.
          </p>
          <Link to="/" className={buttonClasses('primary')}>
            Continue
          </Link>
        </Card>
      </Page>
    );
  }

  if (verified) {
    return (
      <Page title="Email verified">
        <Card className="flex flex-col items-start gap-4">
          <CircleCheck aria-hidden="true" className="size-10 text-success" />
          <p role="status">Your email address is verified. Welcome aboard.</p>
          {/* After verifying, the next step is choosing a plan. */}
          <Link to={signedIn ? '/subscription' : '/?auth=login'} className={buttonClasses('primary')}>
            {signedIn ? 'Continue' : 'Log in'}
          </Link>
        </Card>
      </Page>
    );
  }

  const message = wellFormed ? getErrorMessage(verification.error) : INVALID_LINK;
  return (
    <Page title="We could not verify your email">
      <Card className="flex flex-col items-start gap-4">
        <CircleAlert aria-hidden="true" className="size-10 text-danger" />
        <p role="alert">{message}</p>
        <p className="text-sm text-muted">Links expire after 24 hours, and only the latest link works.</p>
        <Link to={signedIn ? '/verify-email-pending' : '/?auth=login'} className={buttonClasses('primary')}>
          {signedIn ? 'Send a new link' : 'Log in to get a new link'}
        </Link>
      </Card>
    </Page>
  );
}
