import type { Invoice, InvoicesResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

export async function getInvoices(): Promise<Invoice[]> {
  const { data } = await api.get<InvoicesResult>('/api/subscription/invoices');
  return data.invoices;
}
