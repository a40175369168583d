import {
  NETWORK_ERROR_MESSAGE,
  SUBSCRIPTION_ERRORS,
  statusMessage,
  TIMEOUT_ERROR_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from '@app/contracts/error-catalogue.ts';
import { isAxiosError } from 'axios';

/** Server messages that read better, in context, as a sentence the person can act on. */
const CONTEXT_OVERRIDES = {
  payment: {
    [SUBSCRIPTION_ERRORS.paymentProcessing]:
      'Payment processing failed. Please check your payment information and try again.',
    [SUBSCRIPTION_ERRORS.unavailable]:
      'Payment service is temporarily unavailable. Please try again in a few minutes.',
  },
  subscription: {
    [SUBSCRIPTION_ERRORS.noActiveSubscription]: "You don't have an active subscription to manage.",
    [SUBSCRIPTION_ERRORS.noSubscription]:
      'Subscription not found. Please contact support if you believe this is an error.',
    [SUBSCRIPTION_ERRORS.noCustomer]: 'Customer information not found. Please contact support.',
  },
} as const satisfies Record<string, Record<string, string>>;

type ErrorContext = keyof typeof CONTEXT_OVERRIDES;

export interface ErrorMessageOptions {
  context?: ErrorContext;
  /** Replaces the status default when the server gives no message of its own. */
  fallback?: string;
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

/** The machine-readable code of a refused call (`PLAN_UPGRADE_REQUIRED`, …), if the server gave one. */
export function getErrorCode(error: unknown): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const code = (error.response?.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
