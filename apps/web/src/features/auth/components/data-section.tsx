import { type DeleteAccountBody, DeleteAccountBodySchema } from '@app/contracts/auth.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { useModals, useOpenModal } from '../../../lib/modal-store.ts';
import { whileEndingOwnSession } from '../../../lib/own-session-ending.ts';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { toast } from '../../../lib/toast-store.ts';
import { deleteAccount } from '../api/delete-account.ts';
import { exportAccount } from '../api/export-account.ts';
import { FormError } from './form-parts.tsx';
import { SettingsSection } from './settings-section.tsx';

const DELETE_MODAL = 'delete-account';

function downloadJson(fileName: string, value: unknown) {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const modal = useOpenModal(DELETE_MODAL);
  const closeModal = useModals((state) => state.closeModal);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(DeleteAccountBodySchema), defaultValues: { password: '' } });

  const close = () => {
    if (modal) closeModal(modal.id);
    reset();
    setFormError(null);
  };

  const onSubmit = async (body: DeleteAccountBody) => {
    setFormError(null);
    try {
      await whileEndingOwnSession(() => deleteAccount(body));
      close();
      onDeleted();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['password']));
    }
  };

  return (
    <Dialog
      open={Boolean(modal)}
      onClose={close}
      title="Delete your account?"
      description="This removes your account and all personal data we keep, including birth data and chats. It cannot be undone. If you have a subscription, it is cancelled at once: nothing more is charged, and the rest of the paid period is not refunded."
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormError message={formError} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Keep my account
          </Button>
          <Button type="submit" variant="danger" loading={isSubmitting} loadingText="Deleting...">
            Delete account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DataSection({ onDeleted }: { onDeleted: () => void }) {
  const openModal = useModals((state) => state.openModal);
  const [exporting, setExporting] = useState(false);

  const exportData = async () => {
    setExporting(true);
    try {
      const data = await exportAccount();
      downloadJson(`astro-guidance-data-${new Date().toISOString().slice(0, 10)}.json`, data);
      toast.success('Your data is downloading');
    } catch (error) {
      toast.error('Could not export your data', getErrorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <SettingsSection
      title="Your data"
      description="Take a copy of everything we keep about you, or delete it all."
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="secondary"
          onClick={exportData}
          loading={exporting}
          loadingText="Preparing..."
          icon={<Download aria-hidden="true" className="size-4" />}
        >
          Export my data
        </Button>
        <Button
          variant="danger"
          onClick={() => openModal(DELETE_MODAL)}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
        >
          Delete account
        </Button>
      </div>
      <DeleteAccountDialog onDeleted={onDeleted} />
    </SettingsSection>
  );
}
