import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { getErrorMessage, getFieldErrors } from './error-messages.ts';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

function httpError(status: number, data: unknown = {}): AxiosError {
  return new AxiosError(
    'Request failed',
    'ERR_BAD_RESPONSE',
    config,
    {},
    {
      status,
      statusText: '',
      data,
      headers: {},
      config,
    },
  );
}

describe('error catalogue (docs/requirements/errors-and-messages.md)', () => {
  it.each([
    [400, 'Invalid request. Please check your information and try again.'],
    [401, 'Authentication required. Please log in again.'],
    [403, "Access denied. You don't have permission to perform this action."],
    [404, 'Resource not found. Please try again.'],
    [409, 'Conflict. This action cannot be completed due to a conflict with the current state.'],
    [422, 'Validation error. Please check your input and try again.'],
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Service temporarily unavailable. Please try again in a moment.'],
  ])('status %i without a server message reads the default', (status, message) => {
    expect(getErrorMessage(httpError(status))).toBe(message);
  });

  it.each([402, 405, 418, 502, 504])('any other status (%i) reads the generic message', (status) => {
    expect(getErrorMessage(httpError(status))).toBe('An unexpected error occurred.');
  });

  it("prefers the server's error field, then its details text", () => {
    expect(
      getErrorMessage(httpError(409, { error: 'An account with this email already exists.', details: 'x' })),
    ).toBe('An account with this email already exists.');
    expect(getErrorMessage(httpError(400, { details: 'The date is in the future.' }))).toBe(
      'The date is in the future.',
    );
    expect(getErrorMessage(httpError(400, { error: '  ', details: [{ path: 'a', message: 'b' }] }))).toBe(
      'Invalid request. Please check your information and try again.',
    );
  });

  it('reports a network failure and a timeout with their own texts', () => {
    expect(getErrorMessage(new AxiosError('Network Error', 'ERR_NETWORK', config))).toBe(
      'Network error. Please check your internet connection and try again.',
    );
    expect(getErrorMessage(new AxiosError('timeout', 'ECONNABORTED', config))).toBe(
      'Request timeout. Please try again.',
    );
    expect(getErrorMessage(new AxiosError('timeout', 'ETIMEDOUT', config))).toBe(
      'Request timeout. Please try again.',
    );
  });

  it.each([
    [
      'Payment processing error',
      'Payment processing failed. Please check your payment information and try again.',
    ],
    [
      'Service temporarily unavailable',
      'Payment service is temporarily unavailable. Please try again in a few minutes.',
    ],
  ])('payment context turns %j into its own sentence', (server, message) => {
    expect(getErrorMessage(httpError(502, { error: server }), { context: 'payment' })).toBe(message);
    // Outside the payment context the server's words stay as they are.
    expect(getErrorMessage(httpError(502, { error: server }))).toBe(server);
  });

  it.each([
    ['No active subscription found', "You don't have an active subscription to manage."],
    [
      'No subscription found',
      'Subscription not found. Please contact support if you believe this is an error.',
    ],
    ['No customer found', 'Customer information not found. Please contact support.'],
  ])('subscription context turns %j into its own sentence', (server, message) => {
    expect(getErrorMessage(httpError(404, { error: server }), { context: 'subscription' })).toBe(message);
    expect(getErrorMessage(httpError(404, { error: server }), { context: 'payment' })).toBe(server);
  });

  it('uses a caller fallback only when the server gives no message', () => {
    const fallback = 'Failed to resend verification email';
    expect(getErrorMessage(httpError(500), { fallback })).toBe(fallback);
    expect(getErrorMessage(httpError(429, { error: 'Please wait before asking again.' }), { fallback })).toBe(
      'Please wait before asking again.',
    );
  });

  it('reads raised errors and unknown values', () => {
    expect(getErrorMessage(new Error('Failed to get dashboard data'))).toBe('Failed to get dashboard data');
    expect(getErrorMessage('boom')).toBe('An unexpected error occurred.');
  });

  it('extracts field problems from a validation answer', () => {
    const error = httpError(422, {
      error: 'x',
      details: [{ path: 'email', message: 'Please enter a valid email address.' }, { nope: 1 }, null],
    });
    expect(getFieldErrors(error)).toEqual([
      { path: 'email', message: 'Please enter a valid email address.' },
    ]);
    expect(getFieldErrors(new Error('x'))).toEqual([]);
  });
});
