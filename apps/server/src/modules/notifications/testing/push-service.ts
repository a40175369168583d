import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on loopback speaking the receiving side of Web Push, for the server tests, the
// bench and the browser tests: it checks the VAPID authorisation of every message (RFC 8292: an
// ES256 JWT for this origin, not expired, with a subject, signed by the key the subscription was
// made with) and decrypts the payload with the subscription's own keys (RFC 8291, aes128gcm;
// RFC 8188 framing). Subscriptions are made here as a browser would: a P-256 key pair and a
// 16-byte auth secret. It can be told to answer 404, 410, 429 or 5xx instead.

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  claims: { aud: string; exp: number; sub: string };
}

export interface LocalPushService {
  origin: string;
  /** A new subscription bound to the application server key (base64url), as pushManager.subscribe makes. */
  subscribe(applicationServerKey: string): PushSubscriptionJson;
  /** Messages taken and decrypted, in arrival order. */
  received: ReceivedPush[];
  /** Messages refused, with the reason (a bad signature, a wrong audience, a payload that does not decrypt). */
  refused: { subscriptionId: string; reason: string }[];
  /** The next `count` messages to a subscription (or to any: '*') are answered with this status. */
  answerNext(target: string, status: number, count?: number, headers?: Record<string, string>): void;
  /** The subscription id of an endpoint made here. */
  idOf(endpoint: string): string;
  waitFor(match: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

interface Subscription {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  serverKey: string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 + RFC 8188: the plaintext of an aes128gcm body sent to this subscription. */
function decryptPush(
  body: Buffer,
  subscription: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');
  const uaPublic = subscription.ecdh.getPublicKey();
  const secret = subscription.ecdh.computeSecret(senderKey);
  const prkKey = hmac(subscription.auth, secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record has no end delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: the claims of a valid `vapid t=…, k=…` authorisation, or the reason it is not one. */
function checkVapid(
  header: string | undefined,
  expected: { origin: string; serverKey: string; nowSeconds: number },
): { ok: true; claims: ReceivedPush['claims'] } | { ok: false; reason: string } {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return { ok: false, reason: 'no vapid authorisation' };
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== expected.serverKey) return { ok: false, reason: 'not the key the subscription was made with' };
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) return { ok: false, reason: 'not a JWT' };
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header64.alg !== 'ES256') return { ok: false, reason: `alg ${header64.alg}` };
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return { ok: false, reason: 'bad signature' };
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== expected.origin) return { ok: false, reason: `aud ${claims.aud}` };
  if (!(claims.exp > expected.nowSeconds)) return { ok: false, reason: 'expired' };
  if (claims.exp > expected.nowSeconds + 24 * 3600)
    return { ok: false, reason: 'exp more than 24 hours ahead' };
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return { ok: false, reason: 'no subject' };
  return { ok: true, claims };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const refused: LocalPushService['refused'] = [];
  const scripted: { target: string; status: number; headers: Record<string, string> }[] = [];
  let origin = '';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const body = await readBody(request);
    const subscription = id ? subscriptions.get(id) : undefined;
    if (request.method !== 'POST' || !id || !subscription) {
      response.writeHead(404).end();
      return;
    }
    const script = scripted.findIndex((s) => s.target === id || s.target === '*');
    if (script >= 0) {
      const [answer] = scripted.splice(script, 1);
      response.writeHead(answer!.status, answer!.headers).end();
      return;
    }
    const refuse = (status: number, reason: string) => {
      refused.push({ subscriptionId: id, reason });
      response.writeHead(status).end(reason);
    };
    const vapid = checkVapid(request.headers.authorization, {
      origin,
      serverKey: subscription.serverKey,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    if (!vapid.ok) return refuse(403, vapid.reason);
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'no TTL');
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(decryptPush(body, subscription).toString('utf8'));
    } catch (error) {
      return refuse(400, `payload: ${(error as Error).message}`);
    }
    received.push({
      subscriptionId: id,
      payload,
      ttl,
      topic: request.headers.topic as string | undefined,
      urgency: request.headers.urgency as string | undefined,
      claims: vapid.claims,
    });
    response.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => response.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('base64url');
      subscriptions.set(id, { ecdh, auth, serverKey: applicationServerKey });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerNext(target, status, count = 1, headers = {}) {
      for (let i = 0; i < count; i++) scripted.push({ target, status, headers });
    },
    idOf(endpoint) {
      return endpoint.slice(endpoint.lastIndexOf('/') + 1);
    },
    async waitFor(match, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no matching push arrived');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
