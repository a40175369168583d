import type { VapidPublicKeySchema } from '@app/contracts/notifications.ts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The server's VAPID public key (base64url), which `pushManager.subscribe` binds the subscription to. */
export async function getPushKey(): Promise<string> {
  const { data } = await api.get<{ data: z.infer<typeof VapidPublicKeySchema> }>(
    '/api/notifications/vapid-public-key',
  );
  return data.data.publicKey;
}
