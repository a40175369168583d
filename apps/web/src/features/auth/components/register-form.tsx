import type { RegisterBody, User } from '@app/contracts/auth.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { useAuth } from '../stores/auth-store.ts';
import { FormError } from './form-parts.tsx';
import { PASSWORD_LENGTH_HINT } from './password-hint.ts';

export function RegisterForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const registerAccount = useAuth((state) => state.register);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: lazyZodResolver(() =>
      import('@app/contracts/auth.ts').then((module) => module.RegisterBodySchema),
    ),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = async (body: RegisterBody) => {
    setFormError(null);
    try {
      onSuccess(await registerAccount(body));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name', 'email', 'password']));
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Create account"
    >
      <Field label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`${PASSWORD_LENGTH_HINT} A phrase of a few words is easy to remember.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <FormError message={formError} />
      <Button type="submit" size="lg" loading={isSubmitting} loadingText="Creating your account...">
        Create account
      </Button>
      <p className="text-xs text-muted">
        By creating an account you agree to our{' '}
        <Link to="/terms-of-service" className="text-accent underline underline-offset-2">
          terms
        </Link>{' '}
        and{' '}
        <Link to="/privacy-policy" className="text-accent underline underline-offset-2">
          privacy policy
        </Link>
        .
      </p>
    </form>
  );
}
