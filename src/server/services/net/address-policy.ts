/**
 * Which IP addresses the guarded fetch may connect to: only globally routable unicast. Loopback,
 * private, link-local (cloud metadata lives there), CGNAT, unspecified, multicast, reserved and
 * documentation ranges are refused, and so is every IPv6 form that embeds an IPv4 address.
 */
import { isIP } from 'node:net';

type Range = { prefix: bigint; bits: number };

function v4ToInt(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", incl. 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT (also Alibaba's metadata at 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
];

export function isBlockedIPv4(address: string): boolean {
  const value = v4ToInt(address);
  if (value === null) return true;
  return V4_BLOCKED.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return ((value & mask) >>> 0) === ((v4ToInt(base)! & mask) >>> 0);
  });
}

/** 128-bit value of an IPv6 address (with optional embedded dotted IPv4), or null. */
export function parseIPv6(address: string): bigint | null {
  if (address.includes('%')) return null; // zone ids: link-local scoping
  let text = address.toLowerCase();
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = v4ToInt(dotted[1]!);
    if (v4 === null) return null;
    text = `${text.slice(0, dotted.index)}${((v4 >>> 16) & 0xffff).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

function range(text: string, bits: number): Range {
  return { prefix: parseIPv6(text)!, bits };
}

const V6_BLOCKED: Range[] = [
  range('::', 128), // unspecified
  range('::1', 128), // loopback
  range('::', 96), // IPv4-compatible (deprecated)
  range('::ffff:0:0', 96), // IPv4-mapped
  range('::ffff:0:0:0', 96), // IPv4-translated
  range('64:ff9b::', 96), // NAT64
  range('64:ff9b:1::', 48), // local NAT64
  range('100::', 64), // discard
  range('2001::', 32), // Teredo (embeds IPv4)
  range('2001:db8::', 32), // documentation
  range('2002::', 16), // 6to4 (embeds IPv4)
  range('fc00::', 7), // unique local (incl. fd00:ec2::254 metadata)
  range('fe80::', 10), // link-local
  range('fec0::', 10), // site-local (deprecated)
  range('ff00::', 8), // multicast
];

export function isBlockedIPv6(address: string): boolean {
  const value = parseIPv6(address);
  if (value === null) return true;
  return V6_BLOCKED.some(({ prefix, bits }) => {
    const shift = BigInt(128 - bits);
    return value >> shift === prefix >> shift;
  });
}

/** True when the proxy must not connect to this address (anything unparsable is refused too). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isBlockedIPv4(address);
  if (family === 6) return isBlockedIPv6(address);
  return true;
}

export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family === 6) return parseIPv6(address) === 1n;
  return false;
}
