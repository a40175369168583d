import type { NotificationSettings } from '@app/contracts/notifications.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { toast } from '../../../lib/toast-store.ts';
import { addPushDevice } from '../api/add-push-device.ts';
import { notificationSettingsQuery, pushDevicesQuery, pushKeyQuery } from '../api/notification-queries.ts';
import { removeThisPushDevice } from '../api/remove-push-device.ts';
import { saveNotificationSettings } from '../api/save-notification-settings.ts';
import {
  currentSubscription,
  notificationPermission,
  PushSetupError,
  pushSupport,
  subscribeThisBrowser,
  subscriptionBody,
} from '../lib/browser-push.ts';
import { planRefusal, settingsInput } from './use-notification-settings.ts';

/** Why turning notes on or off did not work: a sentence, and whether a plan would fix it. */
interface PushProblem {
  message: string;
  needsPlan: boolean;
}

function problemFrom(error: unknown): PushProblem {
  if (error instanceof PushSetupError) return { message: error.message, needsPlan: false };
  const refusal = planRefusal(error);
  return refusal
    ? { message: refusal, needsPlan: true }
    : { message: getErrorMessage(error), needsPlan: false };
}

/**
 * The daily note on this browser: its support and permission, whether it has a subscription, and
 * turning it on (permission, subscription, the device on the server, `push` on) and off (the
 * device removed, the subscription ended, `push` off when no device is left).
 */
export function usePushOnThisDevice(settings: NotificationSettings) {
  const queryClient = useQueryClient();
  const support = pushSupport();
  const [subscribed, setSubscribed] = useState<boolean | null>(support === 'ready' ? null : false);
  const [permission, setPermission] = useState(notificationPermission);
  const [problem, setProblem] = useState<PushProblem | null>(null);

  useEffect(() => {
    let current = true;
    currentSubscription().then(
      (subscription) => current && setSubscribed(subscription !== null),
      () => current && setSubscribed(false),
    );
    return () => {
      current = false;
    };
  }, []);

  // The service worker subscribed again after the browser replaced the subscription
  // (public/push-handler.js); it cannot reach the server signed in, so this page does.
  useEffect(() => {
    if (support !== 'ready' || !settings.push) return;
    const onMessage = async (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type !== 'push-subscription-changed') return;
      const subscription = await currentSubscription();
      if (!subscription) return;
      await addPushDevice(subscriptionBody(subscription)).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: pushDevicesQuery().queryKey });
    };
    const worker = navigator.serviceWorker;
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [support, settings.push, queryClient]);

  const saveSettings = async (push: boolean) => {
    const saved = await saveNotificationSettings({ ...settingsInput(settings), push });
    queryClient.setQueryData(notificationSettingsQuery().queryKey, saved);
  };
  const refreshDevices = () => queryClient.invalidateQueries({ queryKey: pushDevicesQuery().queryKey });

  const turnOn = useMutation({
    mutationFn: async () => {
      const key = await queryClient.fetchQuery(pushKeyQuery());
      let subscription: PushSubscription;
      try {
        subscription = await subscribeThisBrowser(key);
      } finally {
        setPermission(notificationPermission());
      }
      try {
        await addPushDevice(subscriptionBody(subscription));
      } catch (error) {
        // The server would not keep it, so the browser does not either: on or off, never between.
        await subscription.unsubscribe().catch(() => undefined);
        throw error;
      }
      setSubscribed(true);
      if (!settings.push) await saveSettings(true);
    },
    onMutate: () => setProblem(null),
    onSuccess: () => toast.success('Daily note on', 'This device will get your note at the hour you chose.'),
    onError: (error) => setProblem(problemFrom(error)),
    onSettled: refreshDevices,
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (subscription) {
        await removeThisPushDevice(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setSubscribed(false);
      const { devices } = await queryClient.fetchQuery({ ...pushDevicesQuery(), staleTime: 0 });
      if (devices.length === 0 && settings.push) await saveSettings(false);
    },
    onMutate: () => setProblem(null),
    onSuccess: () => toast.success('Daily note off', 'This device will get no more notes.'),
    onError: (error) => setProblem(problemFrom(error)),
    onSettled: refreshDevices,
  });

  return {
    support,
    permission,
    /** Null until the browser has said whether it has a subscription. */
    on: subscribed === null ? null : subscribed && settings.push,
    pending: turnOn.isPending || turnOff.isPending,
    problem,
    turnOn: () => turnOn.mutate(),
    turnOff: () => turnOff.mutate(),
  };
}
