import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { PUSH_ENDPOINT_MAX_BYTES } from '@app/contracts/notifications.ts';

// A push endpoint is an address we will POST to on the person's behalf, so it must not be a way
// into our own network (SSRF): https only, and every address its name resolves to must be public.
// The address checked is the one connected to (see push-delivery.ts), so a name that resolves
// differently later is checked again then.

const ENDPOINT_MESSAGES = {
  notUrl: 'The push endpoint is not a web address. Subscribe again from this device.',
  tooLong: `The push endpoint can be at most ${PUSH_ENDPOINT_MAX_BYTES} bytes long.`,
  notHttps: 'The push endpoint must be an https: address.',
  credentials: 'The push endpoint must not carry a user name or password.',
  privateAddress: 'The push endpoint points to a private or internal network address, which is not allowed.',
  unresolvable: 'The push service of this address could not be found. Check the connection and try again.',
} as const;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Addresses that are not the public internet (RFC 6890 special-purpose ranges). */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

export type EndpointVerdict =
  | { ok: true; url: URL; address: string; family: 4 | 6 }
  | { ok: false; message: string };

export interface EndpointPolicy {
  /** PUSH_ALLOW_LOOPBACK_HTTP: loopback addresses (http: or https:) are accepted, for tests. */
  allowLoopback: boolean;
  /** Resolves a host name to all its addresses (dns.lookup by default). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

const systemResolve = (host: string) => lookup(host, { all: true, verbatim: true });

function family(address: string): 4 | 6 {
  return isIP(address) === 6 ? 6 : 4;
}

function isLoopback(address: string): boolean {
  return LOOPBACK.check(address, family(address) === 6 ? 'ipv6' : 'ipv4');
}

function allowed(address: string, policy: EndpointPolicy): boolean {
  const type = family(address) === 6 ? 'ipv6' : 'ipv4';
  if (isLoopback(address)) return policy.allowLoopback;
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d): no push service needs one, so none is trusted.
  if (type === 'ipv6' && address.toLowerCase().startsWith('::ffff:')) return false;
  return !NOT_PUBLIC.check(address, type);
}

/**
 * Whether a push endpoint may be used, and the address to connect to. Every address of the name
 * must be allowed: one private answer among public ones is refused too.
 */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy): Promise<EndpointVerdict> {
  if (Buffer.byteLength(endpoint) > PUSH_ENDPOINT_MAX_BYTES)
    return { ok: false, message: ENDPOINT_MESSAGES.tooLong };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, message: ENDPOINT_MESSAGES.notUrl };
  }
  if (url.username || url.password) return { ok: false, message: ENDPOINT_MESSAGES.credentials };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: ENDPOINT_MESSAGES.notHttps };
  // Plain http only to this machine, and only when the tests' switch is on.
  const loopbackName = host === 'localhost' || (isIP(host) > 0 && isLoopback(host));
  if (url.protocol === 'http:' && !(policy.allowLoopback && loopbackName))
    return { ok: false, message: ENDPOINT_MESSAGES.notHttps };
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      return { ok: false, message: ENDPOINT_MESSAGES.unresolvable };
    }
  }
  if (addresses.length === 0) return { ok: false, message: ENDPOINT_MESSAGES.unresolvable };
  if (!addresses.every((entry) => allowed(entry.address, policy)))
    return { ok: false, message: ENDPOINT_MESSAGES.privateAddress };
  if (url.protocol === 'http:' && !addresses.every((entry) => isLoopback(entry.address)))
    return { ok: false, message: ENDPOINT_MESSAGES.notHttps };
  const first = addresses[0]!;
  return { ok: true, url, address: first.address, family: family(first.address) };
}
