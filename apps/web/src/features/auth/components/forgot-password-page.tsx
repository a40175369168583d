import { type EmailOnlyBody, EmailOnlyBodySchema } from '@app/contracts/auth.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { FormError } from './form-parts.tsx';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(EmailOnlyBodySchema), defaultValues: { email: '' } });

  const onSubmit = async (body: EmailOnlyBody) => {
    setFormError(null);
    try {
      const result = await forgotPassword(body);
      setSentTo({ email: body.email, message: result.message });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  };

  if (sentTo) {
    return (
      <Page title="Check your inbox">
        <Card className="flex flex-col items-start gap-4">
          <MailCheck aria-hidden="true" className="size-10 text-gold" />
          <p role="status">{sentTo.message}</p>
          <p className="text-sm text-muted">
            If an account exists for <strong className="break-all">{sentTo.email}</strong>, the email holds a
            link to choose a new password. It is valid for one hour.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/?auth=login" className={buttonClasses('primary')}>
              Back to log in
            </Link>
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              Use another address
            </Button>
          </div>
        </Card>
      </Page>
    );
  }

  return (
    <Page
      title="Forgot your password?"
      lead="Enter your email address and we will send you a link to choose a new one."
    >
      <Card>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <FormError message={formError} />
          <Button type="submit" size="lg" loading={isSubmitting} loadingText="Sending...">
            Send reset link
          </Button>
          <Link
            to="/?auth=login"
            className="text-center text-sm font-medium text-accent underline-offset-4 hover:underline"
          >
            I remember it: back to log in
          </Link>
        </form>
      </Card>
    </Page>
  );
}
