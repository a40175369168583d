import { isAxiosError } from 'axios';

/** SPEC section 8: the default message for each HTTP status. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Invalid request. Please check your information and try again.',
  401: 'Authentication required. Please log in again.',
  403: "Access denied. You don't have permission to perform this action.",
  404: 'Resource not found. Please try again.',
  409: 'Conflict. This action cannot be completed due to a conflict with the current state.',
  422: 'Validation error. Please check your input and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error. Please try again later.',
  503: 'Service temporarily unavailable. Please try again in a moment.',
};
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'Request timeout. Please try again.';

/** Server messages that read better, in context, as a sentence the person can act on. */
export const CONTEXT_OVERRIDES = {
  payment: {
    'Payment processing error':
      'Payment processing failed. Please check your payment information and try again.',
    'Service temporarily unavailable':
      'Payment service is temporarily unavailable. Please try again in a few minutes.',
  },
  subscription: {
    'No active subscription found': "You don't have an active subscription to manage.",
    'No subscription found':
      'Subscription not found. Please contact support if you believe this is an error.',
    'No customer found': 'Customer information not found. Please contact support.',
  },
} as const satisfies Record<string, Record<string, string>>;

export type ErrorContext = keyof typeof CONTEXT_OVERRIDES;

export interface ErrorMessageOptions {
  context?: ErrorContext;
  /** Replaces the status default when the server gives no message of its own. */
  fallback?: string;
}

export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? UNEXPECTED_ERROR_MESSAGE;
}

function serverText(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { error, details } = data as { error?: unknown; details?: unknown };
  if (typeof error === 'string' && error.trim()) return error;
  if (typeof details === 'string' && details.trim()) return details;
  return undefined;
}

function applyContext(message: string, context: ErrorContext | undefined): string {
  if (!context) return message;
  const overrides: Record<string, string> = CONTEXT_OVERRIDES[context];
  return overrides[message] ?? message;
}

/**
 * The message to show for a failed call: the server's `error` field, else its `details` text,
 * else the default for the HTTP status; network failures and timeouts have their own texts.
 */
export function getErrorMessage(error: unknown, options: ErrorMessageOptions = {}): string {
  if (isAxiosError(error)) {
    if (error.response) {
      const fromServer = serverText(error.response.data);
      if (fromServer) return applyContext(fromServer, options.context);
      return options.fallback ?? statusMessage(error.response.status);
    }
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return TIMEOUT_ERROR_MESSAGE;
    if (error.code === 'ERR_CANCELED') return options.fallback ?? UNEXPECTED_ERROR_MESSAGE;
    return NETWORK_ERROR_MESSAGE;
  }
  if (error instanceof Error && error.message) return applyContext(error.message, options.context);
  return options.fallback ?? UNEXPECTED_ERROR_MESSAGE;
}

export interface FieldError {
  path: string;
  message: string;
}

/** Field-level problems from a validation answer (`details: [{ path, message }]`), if any. */
export function getFieldErrors(error: unknown): FieldError[] {
  if (!isAxiosError(error)) return [];
  const details = (error.response?.data as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (item): item is FieldError =>
      Boolean(item) && typeof item.path === 'string' && typeof item.message === 'string',
  );
}
