import type { LoginBody, User } from '@app/contracts/auth.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { useAuth } from '../stores/auth-store.ts';
import { FormError } from './form-parts.tsx';

export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const login = useAuth((state) => state.login);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: lazyZodResolver(() =>
      import('@app/contracts/auth.ts').then((module) => module.LoginBodySchema),
    ),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (body: LoginBody) => {
    setFormError(null);
    try {
      onSuccess(await login(body));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'password']));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4" aria-label="Log in">
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
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="-mt-1 text-right">
        <Link
          to="/forgot-password"
          className="text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
      </div>
      <FormError message={formError} />
      <Button type="submit" size="lg" loading={isSubmitting} loadingText="Logging in...">
        Log in
      </Button>
    </form>
  );
}
