import type { VerifyResetTokenResultSchema } from '@app/contracts/auth.ts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type VerifyResetTokenResult = z.infer<typeof VerifyResetTokenResultSchema>;

export async function verifyResetToken(token: string): Promise<VerifyResetTokenResult> {
  const { data } = await api.get<VerifyResetTokenResult>(
    `/api/auth/verify-reset-token/${encodeURIComponent(token)}`,
  );
  return data;
}
