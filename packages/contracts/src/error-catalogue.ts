// The error catalogue's texts (docs/requirements/errors-and-messages.md), the one copy for the
// server and the web app. Plain values, no zod: the web app reads them on pages that validate
// nothing, and importing a module of schemas builds every schema in it.

/** What the user reads for a status when nothing more specific is said. */
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

/** The catalogue's text for an HTTP status ("An unexpected error occurred." for any other). */
export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? UNEXPECTED_ERROR_MESSAGE;
}

/** The server messages docs/requirements/errors-and-messages.md maps to subscription and payment texts. */
export const SUBSCRIPTION_ERRORS = {
  noActiveSubscription: 'No active subscription found',
  noSubscription: 'No subscription found',
  noCustomer: 'No customer found',
  paymentProcessing: 'Payment processing error',
  unavailable: 'Service temporarily unavailable',
} as const;
