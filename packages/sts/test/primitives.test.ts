import { createCipheriv, createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { desDecrypt, desEncrypt } from '../src/des.js';
import { bytesToHex, hexToBytes } from '../src/hex.js';
import { hmacSha256, sha256 } from '../src/sha256.js';
import { prng } from './prng.js';

/** The library carries its own DES and SHA-256 (browser-safe); node:crypto checks them here. */

function nodeDes(key: Uint8Array, block: Uint8Array): string {
  // Single DES = 3DES-EDE with K‖K (des-ecb needs OpenSSL's legacy provider).
  const c = createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(block), c.final()])
    .toString('hex')
    .toUpperCase();
}

describe('DES', () => {
  it('matches the classic worked example', () => {
    expect(bytesToHex(desEncrypt(hexToBytes('133457799BBCDFF1'), hexToBytes('0123456789ABCDEF')))).toBe(
      '85E813540F0AB405',
    );
  });

  it('matches node:crypto on random keys and blocks, and decrypts back', () => {
    const r = prng(31);
    const bad: string[] = [];
    for (let i = 0; i < 300; i++) {
      const key = hexToBytes(r.hex(16));
      const block = hexToBytes(r.hex(16));
      const c = desEncrypt(key, block);
      if (bytesToHex(c) !== nodeDes(key, block) || bytesToHex(desDecrypt(key, c)) !== bytesToHex(block)) {
        bad.push(bytesToHex(key));
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('SHA-256 and HMAC-SHA-256', () => {
  it('matches the FIPS 180 "abc" example', () => {
    expect(bytesToHex(sha256(new TextEncoder().encode('abc')))).toBe(
      'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD',
    );
  });

  it('matches node:crypto for lengths around the block boundaries and for long keys', () => {
    const r = prng(32);
    const bad: number[] = [];
    for (let len = 0; len < 200; len++) {
      const data = hexToBytes(r.hex(2 * len));
      const key = hexToBytes(r.hex(2 * (len % 100)));
      const mine = bytesToHex(sha256(data));
      const theirs = createHash('sha256').update(data).digest('hex').toUpperCase();
      const mac = bytesToHex(hmacSha256(key, data));
      const theirMac = createHmac('sha256', key).update(data).digest('hex').toUpperCase();
      if (mine !== theirs || mac !== theirMac) bad.push(len);
    }
    expect(bad).toEqual([]);
  });
});
