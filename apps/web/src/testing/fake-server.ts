import { cleanup } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach } from 'vitest';
import { api } from '../lib/api-client.ts';

// The HTTP edge of web tests: an axios adapter that answers like the server and records what was
// sent. Nothing above the adapter is replaced, so the app's own fetchers and error handling run.

export interface FakeAnswer {
  status: number;
  data: unknown;
  headers?: Record<string, string>;
}

export interface SentRequest {
  method: string;
  url: string;
  /** The query parameters, as the fetcher passed them. */
  params: Record<string, unknown> | undefined;
  body: unknown;
  /** The headers the fetcher set itself (Authorization and Accept left out). */
  headers: Record<string, string>;
}

/** A success answer with the body the contract gives it. */
export const ok = <T>(data: T, status = 200): FakeAnswer => ({ status, data });

/** An error answer in the server's envelope (docs/requirements/errors-and-messages.md). */
export const refused = (status: number, code: string, error = 'Refused.'): FakeAnswer => ({
  status,
  data: { success: false, error, code },
});

const NOT_FOUND = refused(404, 'NOT_FOUND', 'Resource not found.');

export interface FakeServer {
  /** By "METHOD /path"; a function answers afresh each time it is asked. */
  answers: Record<string, FakeAnswer | ((request: SentRequest) => FakeAnswer)>;
  sent: SentRequest[];
  /** The bodies sent to a path, in order. */
  bodiesTo: (url: string) => unknown[];
}

/**
 * Installs the fake server around every test of the file that calls it: answers and the record
 * start empty, unknown calls get 404, and the page is unmounted afterwards.
 */
export function installFakeServer(): FakeServer {
  const server: FakeServer = {
    answers: {},
    sent: [],
    bodiesTo: (url) => server.sent.filter((request) => request.url === url).map((request) => request.body),
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: SentRequest = {
      method: config.method?.toUpperCase() ?? 'GET',
      url: config.url ?? '',
      params: config.params as Record<string, unknown> | undefined,
      body: typeof config.data === 'string' && config.data ? JSON.parse(config.data) : undefined,
      headers: Object.fromEntries(
        Object.entries(config.headers.toJSON())
          .filter(([name]) => !/^(authorization|accept|content-type)$/i.test(name))
          .map(([name, value]) => [name, String(value)]),
      ),
    };
    server.sent.push(request);
    const found = server.answers[`${request.method} ${request.url}`];
    const answer = (typeof found === 'function' ? found(request) : found) ?? NOT_FOUND;
    const response = {
      data: answer.data,
      status: answer.status,
      statusText: '',
      headers: answer.headers ?? {},
      config,
    };
    // As axios does: the fetcher's validateStatus (2xx by default) says what is an error.
    if (!(config.validateStatus ?? ((status: number) => status >= 200 && status < 300))(answer.status))
      throw Object.assign(new Error('failed'), { isAxiosError: true, response, config });
    return response;
  };
  const original = api.defaults.adapter;
  beforeEach(() => {
    server.answers = {};
    server.sent.length = 0;
    api.defaults.adapter = adapter;
  });
  afterEach(() => {
    cleanup();
    api.defaults.adapter = original;
  });
  return server;
}
