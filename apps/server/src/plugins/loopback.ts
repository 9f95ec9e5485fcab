import { isIP } from 'node:net';

/** A socket peer on this machine: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** A HOST to listen on that only this machine can reach (`localhost`, 127.x, ::1). `0.0.0.0` and `::` are not. */
export function isLoopbackHost(host: string): boolean {
  const plain = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return plain === 'localhost' || isLoopbackAddress(plain);
}
