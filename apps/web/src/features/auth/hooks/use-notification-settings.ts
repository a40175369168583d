import type { NotificationSettings, NotificationSettingsInput } from '@app/contracts/notifications.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { toast } from '../../../lib/toast-store.ts';
import { notificationSettingsQuery } from '../api/notification-queries.ts';
import { saveNotificationSettings } from '../api/save-notification-settings.ts';

/** What PUT /settings takes: the settings as shown, without the zone the server works out. */
export function settingsInput(settings: NotificationSettings): NotificationSettingsInput {
  const { push, email, hour, quietDays, zone } = settings;
  return { push, email, hour, quietDays, zone };
}

/** The server's sentence when the person's plan does not include notes (403), else null. */
export function planRefusal(error: unknown): string | null {
  return isAxiosError(error) && error.response?.status === 403 ? getErrorMessage(error) : null;
}

/**
 * Saves a change at once. The screen shows the new value while it saves and goes back to the
 * old one when the server refuses, so what is shown is always what is saved. A refusal for the
 * plan goes to `onPlanRefusal` (shown with the way to a plan); any other failure is a toast.
 */
export function useSaveNotificationSettings(onPlanRefusal: (message: string) => void) {
  const queryClient = useQueryClient();
  const { queryKey } = notificationSettingsQuery();
  return useMutation({
    mutationFn: (next: NotificationSettings) => saveNotificationSettings(settingsInput(next)),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      const refusal = planRefusal(error);
      if (refusal) onPlanRefusal(refusal);
      else toast.error('Could not save that change', getErrorMessage(error));
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
