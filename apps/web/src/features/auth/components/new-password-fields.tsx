import { PasswordSchema } from '@app/contracts/auth.ts';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/ui/field.tsx';

/** A new password typed twice (reset and change): the rules of the first, the match of the second. */
export const newPasswordShape = { newPassword: PasswordSchema, confirmPassword: z.string() };

export function passwordsMatch(values: { newPassword: string; confirmPassword: string }): boolean {
  return values.newPassword === values.confirmPassword;
}

export const PASSWORDS_MATCH_RULE = {
  path: ['confirmPassword'],
  message: 'The two passwords do not match.',
};

/** The two fields of a new password, registered with the form that holds them. */
export function NewPasswordFields({
  fields,
  errors,
  hint,
}: {
  fields: { newPassword: UseFormRegisterReturn; confirmPassword: UseFormRegisterReturn };
  errors: { newPassword?: FieldError; confirmPassword?: FieldError };
  hint?: string;
}) {
  return (
    <>
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={hint}
        error={errors.newPassword?.message}
        {...fields.newPassword}
      />
      <Field
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...fields.confirmPassword}
      />
    </>
  );
}
