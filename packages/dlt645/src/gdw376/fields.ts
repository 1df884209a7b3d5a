import { FrameError } from '../errors.js';

export interface Control376 {
  /** DIR: true = up (terminal → master). */
  up: boolean;
  /** PRM: true = from the initiating station. */
  prm: boolean;
  /** FCB (down) / ACD (up: events pending). */
  fcbAcd: boolean;
  fcv: boolean;
  /** Function code 0..15. */
  fn: number;
}

/** C and SEQ share one layout: four flags in bits 7, 6, 5, 4, then a number 0..15 in the low nibble. */
type FlagsAndNibble = [boolean, boolean, boolean, boolean, number];

function packFlags([b7, b6, b5, b4, low]: FlagsAndNibble): number {
  return (b7 ? 0x80 : 0) | (b6 ? 0x40 : 0) | (b5 ? 0x20 : 0) | (b4 ? 0x10 : 0) | (low & 0x0f);
}

function unpackFlags(byte: number): FlagsAndNibble {
  return [(byte & 0x80) !== 0, (byte & 0x40) !== 0, (byte & 0x20) !== 0, (byte & 0x10) !== 0, byte & 0x0f];
}

export function makeControl(c: Control376): number {
  return packFlags([c.up, c.prm, c.fcbAcd, c.fcv, c.fn]);
}

export function parseControl(control: number): Control376 {
  const [up, prm, fcbAcd, fcv, fn] = unpackFlags(control);
  return { up, prm, fcbAcd, fcv, fn };
}

export interface Seq {
  /** TpV: a time tag (Tp) closes the frame. */
  tpv: boolean;
  fir: boolean;
  fin: boolean;
  /** CON: the sender asks for a confirm. */
  con: boolean;
  /** PSEQ / RSEQ 0..15. */
  seq: number;
}

export function makeSeq(s: Partial<Seq> & { seq: number }): number {
  return packFlags([s.tpv === true, s.fir ?? true, s.fin ?? true, s.con === true, s.seq]);
}

export function parseSeq(byte: number): Seq {
  const [tpv, fir, fin, con, seq] = unpackFlags(byte);
  return { tpv, fir, fin, con, seq };
}

/** pn → DA1 DA2: p0 = 00 00; pn = DA2 (n−1)/8+1, DA1 bit (n−1) mod 8. */
export function pnToDa(pn: number): [number, number] {
  if (!Number.isInteger(pn) || pn < 0 || pn > 2040)
    throw new FrameError('bad-value', `pn must be 0..2040: ${pn}`);
  if (pn === 0) return [0, 0];
  return [1 << ((pn - 1) % 8), Math.floor((pn - 1) / 8) + 1];
}

/** DA1 DA2 → pn (the lowest point when DA1 names several). */
export function daToPn(da1: number, da2: number): number {
  if (da1 === 0 && da2 === 0) return 0;
  if (da1 === 0 || da2 === 0) throw new FrameError('bad-value', `DA ${da1}/${da2} names no single point`);
  return (da2 - 1) * 8 + lowestBit(da1) + 1;
}

export function fnToDt(fn: number): [number, number] {
  if (!Number.isInteger(fn) || fn < 1 || fn > 248)
    throw new FrameError('bad-value', `Fn must be 1..248: ${fn}`);
  return [1 << ((fn - 1) % 8), Math.floor((fn - 1) / 8)];
}

export function dtToFn(dt1: number, dt2: number): number {
  if (dt1 === 0 || dt2 > 30) throw new FrameError('bad-value', `DT ${dt1}/${dt2} names no item`);
  return dt2 * 8 + lowestBit(dt1) + 1;
}

function lowestBit(b: number): number {
  let n = 0;
  while (((b >> n) & 1) === 0 && n < 8) n++;
  return n;
}
