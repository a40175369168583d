import { PASSWORD_MAX_LENGTH } from '@app/contracts/constants.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast-store.ts';
import { changePassword } from '../api/change-password.ts';
import { FormError } from './form-parts.tsx';
import {
  NewPasswordFields,
  newPasswordShape,
  PASSWORDS_MATCH_RULE,
  passwordsMatch,
} from './new-password-fields.tsx';
import { SettingsSection } from './settings-section.tsx';

const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.').max(PASSWORD_MAX_LENGTH),
    ...newPasswordShape,
  })
  .refine(passwordsMatch, PASSWORDS_MATCH_RULE);
type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ currentPassword, newPassword }: ChangePasswordForm) => {
    setFormError(null);
    try {
      const result = await changePassword({ currentPassword, newPassword });
      reset();
      toast.success('Password changed', result.message);
      onChanged();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['currentPassword', 'newPassword']));
    }
  };

  return (
    <SettingsSection
      title="Password"
      description="Changing your password signs out your other devices and stops your private calendar address (make a new one on your cosmic landscape page)."
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields
          fields={{ newPassword: register('newPassword'), confirmPassword: register('confirmPassword') }}
          errors={errors}
        />
        <FormError message={formError} />
        <Button type="submit" className="self-start" loading={isSubmitting} loadingText="Saving...">
          Change password
        </Button>
      </form>
    </SettingsSection>
  );
}
