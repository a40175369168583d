import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './server-errors.ts';

function failure(status: number, data: unknown): AxiosError {
  const response = { status, data, statusText: '', headers: {}, config: {} } as AxiosResponse;
  return new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

describe('applyServerErrors', () => {
  it('a message that stands under its field is not repeated for the form', () => {
    const message = 'The password is not correct.';
    const setError = vi.fn();
    const error = failure(400, {
      success: false,
      error: message,
      code: 'WRONG_PASSWORD',
      details: [{ path: 'password', message }],
    });
    expect(applyServerErrors(error, setError, ['password'])).toBeNull();
    expect(setError).toHaveBeenCalledWith('password', { type: 'server', message }, { shouldFocus: true });
  });

  it('the form keeps the message when no field shows it', () => {
    const setError = vi.fn();
    const error = failure(400, {
      success: false,
      error: 'The password is not correct.',
      code: 'WRONG_PASSWORD',
      details: [{ path: 'password', message: 'The password is not correct.' }],
    });
    // This form names the field differently: nothing is placed, so the form says it.
    expect(applyServerErrors(error, setError, ['currentPassword'])).toBe('The password is not correct.');
    expect(setError).not.toHaveBeenCalled();
    expect(applyServerErrors(failure(429, {}), setError, ['currentPassword'])).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });
});
