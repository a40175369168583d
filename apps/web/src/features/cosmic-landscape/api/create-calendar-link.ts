import { api } from '../../../lib/api-client.ts';
import { type LandscapeAnswer, unwrap } from './landscape-answer.ts';

/** A new private address of the transit calendar feed; the previous one stops working. */
export async function createCalendarLink(): Promise<string> {
  const { data } = await api.post<LandscapeAnswer<{ url: string }>>('/api/cosmic-landscape/calendar-link');
  return unwrap(data).url;
}
