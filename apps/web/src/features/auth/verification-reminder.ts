import { useToasts } from '../../lib/toast-store.ts';

const TAG = 'email-not-verified';

/** Says the address is not verified yet, as a toast that verification takes back. */
export function remindNotVerified(): void {
  useToasts.getState().addToast({
    title: 'Not verified yet',
    description: 'Open the link in the email we sent you, then try again.',
    variant: 'info',
    tag: TAG,
  });
}

/** Once the address is verified, a "not verified yet" toast still on screen would be false. */
export function forgetNotVerifiedReminder(): void {
  useToasts.getState().dismissTagged(TAG);
}
