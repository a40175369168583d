import { LinkTokenSchema } from '@app/contracts/auth.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { resetLinkQuery } from '../api/auth-queries.ts';
import { resetPassword } from '../api/reset-password.ts';
import { useAuth } from '../stores/auth-store.ts';
import { FormError } from './form-parts.tsx';
import {
  NewPasswordFields,
  newPasswordShape,
  PASSWORDS_MATCH_RULE,
  passwordsMatch,
} from './new-password-fields.tsx';
import { PASSWORD_LENGTH_HINT } from './password-hint.ts';

const NewPasswordFormSchema = z.object(newPasswordShape).refine(passwordsMatch, PASSWORDS_MATCH_RULE);
type NewPasswordForm = z.infer<typeof NewPasswordFormSchema>;

function InvalidLink({ message }: { message: string }) {
  return (
    <Page title="This reset link no longer works">
      <Card className="flex flex-col items-start gap-4">
        <CircleAlert aria-hidden="true" className="size-10 text-danger" />
        <p role="alert">{message}</p>
        <p className="text-sm text-muted">
          Reset links are valid for one hour and work once. Request a new one below.
        </p>
        <Link to="/forgot-password" className={buttonClasses('primary')}>
          Request a new link
        </Link>
      </Card>
    </Page>
  );
}

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const wellFormed = LinkTokenSchema.safeParse(token).success;
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const queryClient = useQueryClient();
  const check = useQuery({ ...resetLinkQuery(token), enabled: wellFormed && !done });

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ newPassword }: NewPasswordForm) => {
    setFormError(null);
    try {
      await resetPassword({ token, newPassword });
      queryClient.removeQueries({ queryKey: resetLinkQuery(token).queryKey });
      // A reset signs out every session, including one on this device.
      if (useAuth.getState().token) await useAuth.getState().logout({ server: false });
      setDone(true);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['newPassword']));
    }
  };

  if (done) {
    return (
      <Page title="Password changed">
        <Card className="flex flex-col items-start gap-4">
          <CircleCheck aria-hidden="true" className="size-10 text-success" />
          <p role="status">
            Your password has been changed and every device has been signed out. Log in with your new
            password.
          </p>
          <Link to="/?auth=login" className={buttonClasses('primary')}>
            Log in
          </Link>
        </Card>
      </Page>
    );
  }

  if (!wellFormed) return <InvalidLink message="This reset link is invalid or incomplete." />;
  if (check.isPending) {
    return (
      <Page title="Choose a new password">
        <Card className="flex items-center gap-3" role="status">
          <Spinner className="size-5" />
          <p>Checking your link...</p>
        </Card>
      </Page>
    );
  }
  if (check.isError) return <InvalidLink message={getErrorMessage(check.error)} />;

  return (
    <Page title="Choose a new password" lead={<>For the account {check.data.email}.</>}>
      <Card>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
          {/* Lets password managers store the new password under the right account. */}
          <input type="email" autoComplete="username" value={check.data.email} readOnly hidden />
          <NewPasswordFields
            fields={{ newPassword: register('newPassword'), confirmPassword: register('confirmPassword') }}
            errors={errors}
            hint={PASSWORD_LENGTH_HINT}
          />
          <FormError message={formError} />
          <Button type="submit" size="lg" loading={isSubmitting} loadingText="Saving...">
            Save new password
          </Button>
        </form>
      </Card>
    </Page>
  );
}
