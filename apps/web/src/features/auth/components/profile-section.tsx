import { type UpdateProfileBody, UpdateProfileBodySchema } from '@app/contracts/auth.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast-store.ts';
import { updateProfile } from '../api/update-profile.ts';
import { useAuth } from '../stores/auth-store.ts';
import { FormError } from './form-parts.tsx';
import { SettingsSection } from './settings-section.tsx';

export function ProfileSection() {
  const user = useAuth((state) => state.user);
  const setUser = useAuth((state) => state.setUser);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(UpdateProfileBodySchema), defaultValues: { name: user?.name ?? '' } });

  if (!user) return null;

  const onSubmit = async (body: UpdateProfileBody) => {
    setFormError(null);
    try {
      const updated = await updateProfile(body);
      setUser(updated);
      reset({ name: updated.name });
      toast.success('Name saved');
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name']));
    }
  };

  return (
    <SettingsSection title="Profile">
      <dl className="grid gap-1 text-sm">
        <dt className="text-muted">Email</dt>
        <dd className="flex flex-wrap items-center gap-2 break-all font-medium">
          {user.email}
          {user.emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs text-success">
              <BadgeCheck aria-hidden="true" className="size-3.5" /> Verified
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2 py-0.5 text-xs text-danger">
              <CircleAlert aria-hidden="true" className="size-3.5" /> Not verified
            </span>
          )}
        </dd>
      </dl>
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="flex flex-col gap-4 sm:flex-row sm:items-start"
      >
        <Field
          label="Name"
          autoComplete="name"
          className="flex-1"
          error={errors.name?.message}
          {...register('name')}
        />
        <Button
          type="submit"
          className="sm:mt-7"
          loading={isSubmitting}
          loadingText="Saving..."
          disabled={!isDirty}
        >
          Save name
        </Button>
      </form>
      <FormError message={formError} />
    </SettingsSection>
  );
}
