import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PushNotePayload } from '@app/contracts/notifications.ts';
import webpush from 'web-push';
import type { VapidKeys } from './config.ts';
import { checkEndpoint, type EndpointPolicy } from './endpoint-check.ts';

// One push message to one device (RFC 8030), its payload encrypted for the device (RFC 8291,
// aes128gcm) and signed for the push service with our VAPID key (RFC 8292), both by web-push.
// We send the request ourselves rather than through web-push's sender: it connects to the
// address the endpoint check approved (no second DNS answer), and it speaks http: to a loopback
// push service in tests.

export type DeliveryOutcome =
  /** The push service took the message. */
  | { kind: 'delivered' }
  /** 404 or 410: the subscription has ended; forget the device. */
  | { kind: 'gone' }
  /** 429, 5xx or no answer: try again later; `afterMs` when the service said when (Retry-After). */
  | { kind: 'retry'; afterMs: number | null; reason: string }
  /** Anything else (a refused endpoint, 400, 403, 413): trying again would not help. */
  | { kind: 'failed'; reason: string };

export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface SendOptions {
  /** How long the push service may keep the message for an offline device. */
  ttlSeconds: number;
  /** A newer message with the same topic replaces one not yet delivered. */
  topic?: string;
}

const TIMEOUT_MS = 10_000;
const ANSWER_LIMIT = 4096;

function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function outcomeOf(response: http.IncomingMessage, answer: string): DeliveryOutcome {
  const status = response.statusCode ?? 0;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500)
    return {
      kind: 'retry',
      afterMs: retryAfterMs(response.headers['retry-after'], Date.now()),
      reason: `push service answered ${status}`,
    };
  return { kind: 'failed', reason: `push service answered ${status}: ${answer.slice(0, 200)}` };
}

export class PushSender {
  // Kept-alive connections: a batch of notes mostly goes to a handful of push services.
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };

  constructor(
    private readonly options: {
      keys: VapidKeys;
      subject: string;
      policy: EndpointPolicy;
      timeoutMs?: number;
    },
  ) {}

  get publicKey(): string {
    return this.options.keys.publicKey;
  }

  async send(device: PushDevice, payload: PushNotePayload, options: SendOptions): Promise<DeliveryOutcome> {
    const verdict = await checkEndpoint(device.endpoint, this.options.policy);
    if (!verdict.ok) return { kind: 'failed', reason: verdict.message };
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: {
            subject: this.options.subject,
            publicKey: this.options.keys.publicKey,
            privateKey: this.options.keys.privateKey,
          },
          TTL: options.ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          ...(options.topic && { topic: options.topic }),
        },
      );
    } catch (error) {
      return { kind: 'failed', reason: `could not encrypt for this device: ${(error as Error).message}` };
    }
    const pinned: LookupFunction = (_host, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all)
        (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, [
          { address: verdict.address, family: verdict.family },
        ]);
      else callback(null, verdict.address, verdict.family);
    };
    const protocol = verdict.url.protocol as 'http:' | 'https:';
    const client = protocol === 'https:' ? https : http;
    const post = (retryOnStaleSocket: boolean): Promise<DeliveryOutcome> =>
      new Promise<DeliveryOutcome>((resolve) => {
        const request = client.request(
          verdict.url,
          {
            method: 'POST',
            headers: details.headers as http.OutgoingHttpHeaders,
            // The second try opens a connection of its own: another kept one may be as stale.
            agent: retryOnStaleSocket ? this.agents[protocol] : false,
            lookup: pinned,
            timeout: this.options.timeoutMs ?? TIMEOUT_MS,
          },
          (response) => {
            let answer = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              if (answer.length < ANSWER_LIMIT) answer += chunk;
            });
            response.on('end', () => resolve(outcomeOf(response, answer)));
            response.on('error', (error) => resolve({ kind: 'retry', afterMs: null, reason: error.message }));
          },
        );
        request.on('timeout', () => request.destroy(new Error('the push service did not answer in time')));
        request.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive connection the push service closed just as we reused it: once more at once,
          // on a new connection (it had almost surely not read the request; were it shown twice,
          // the device would fold the two by their tag).
          if (retryOnStaleSocket && request.reusedSocket && error.code === 'ECONNRESET') resolve(post(false));
          else resolve({ kind: 'retry', afterMs: null, reason: error.message });
        });
        request.end(details.body);
      });
    return post(true);
  }

  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}
