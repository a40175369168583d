/** The `{ success, data, error }` envelope of every landscape answer. */
export interface LandscapeAnswer<T> {
  success: boolean;
  data: T;
  error?: string;
}

/** The data of an answer; an answer that says it failed raises its own text (docs/requirements/api.md). */
export function unwrap<T>(body: LandscapeAnswer<T>): T {
  if (!body.success) throw new Error(body.error ?? '');
  return body.data;
}

/** docs/requirements/errors-and-messages.md: what each call says when the server gives no text of its own. */
export const LANDSCAPE_FALLBACKS = {
  status: 'Failed to get cosmic landscape status',
  today: "Failed to get today's cosmic landscape",
  dashboard: 'Failed to get dashboard data',
  generate: 'Failed to generate cosmic landscape',
  regenerate: 'Failed to regenerate cosmic landscape',
  history: 'Failed to get cosmic landscape history',
} as const;
