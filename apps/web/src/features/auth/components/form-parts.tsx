import { Alert } from '../../../components/ui/alert.tsx';

/** The message for the whole form, shown above the submit button. */
export function FormError({ message }: { message: string | null }) {
  return message ? <Alert tone="error">{message}</Alert> : null;
}
