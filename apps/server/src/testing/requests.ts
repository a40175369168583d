import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer } from './harness.ts';

// Requests from a chosen client address, for tests of per-address throttles.

let addressCounter = 0;
/** A client address of its own, so that per-IP throttles of one test do not touch another. */
export function freshIp(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; ip?: string; raw?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.raw !== undefined || options.body !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
    },
    ...(options.raw !== undefined
      ? { payload: options.raw }
      : options.body !== undefined
        ? { payload: JSON.stringify(options.body) }
        : {}),
  });
}
