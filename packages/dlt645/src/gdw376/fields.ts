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

export function makeControl(c: Control376): number {
  return (c.up ? 0x80 : 0) | (c.prm ? 0x40 : 0) | (c.fcbAcd ? 0x20 : 0) | (c.fcv ? 0x10 : 0) | (c.fn & 0x0f);
}

export function parseControl(control: number): Control376 {
  return {
    up: (control & 0x80) !== 0,
    prm: (control & 0x40) !== 0,
    fcbAcd: (control & 0x20) !== 0,
    fcv: (control & 0x10) !== 0,
    fn: control & 0x0f,
  };
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
  const fir = s.fir ?? true;
  const fin = s.fin ?? true;
  return (s.tpv ? 0x80 : 0) | (fir ? 0x40 : 0) | (fin ? 0x20 : 0) | (s.con ? 0x10 : 0) | (s.seq & 0x0f);
}

export function parseSeq(seq: number): Seq {
  return {
    tpv: (seq & 0x80) !== 0,
    fir: (seq & 0x40) !== 0,
    fin: (seq & 0x20) !== 0,
    con: (seq & 0x10) !== 0,
    seq: seq & 0x0f,
  };
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
