import { makeControl, makeSeq, parseControl, parseSeq } from './fields.js';
import { type Address376, Afn, type Frame376 } from './frame.js';

function linkFrame(address: Address376, fn: 1 | 2 | 3, pseq: number, extra?: Uint8Array): Frame376 {
  return {
    control: makeControl({ up: true, prm: true, fcbAcd: false, fcv: false, fn: 9 }),
    address: { ...address, msa: 0 },
    afn: Afn.LINK,
    seq: makeSeq({ con: true, seq: pseq }),
    pn: 0,
    fn,
    data: extra ?? new Uint8Array(0),
  };
}

/** AFN 02 F1: the terminal logs in after connecting (C=C9, CON set). */
export function login(address: Address376, pseq: number): Frame376 {
  return linkFrame(address, 1, pseq);
}

/** AFN 02 F2: logout. */
export function logout(address: Address376, pseq: number): Frame376 {
  return linkFrame(address, 2, pseq);
}

/** AFN 02 F3: heartbeat (some firmware appends a time field: pass it as `extra`). */
export function heartbeat(address: Address376, pseq: number, extra?: Uint8Array): Frame376 {
  return linkFrame(address, 3, pseq, extra);
}

export const LinkFn = { LOGIN: 1, LOGOUT: 2, HEARTBEAT: 3 } as const;

/**
 * AFN 00 F1 all-confirm (or F2 all-deny) answering `request`, RSEQ = its PSEQ. A master answers a
 * terminal's link frame with C=0B (link status) and MSA 0; a terminal answers a master's request with
 * C=88 (user-data response) keeping the request's address.
 */
export function confirm(request: Frame376, opts?: { deny?: boolean }): Frame376 {
  const fromTerminal = parseControl(request.control).up;
  const control = fromTerminal
    ? makeControl({ up: false, prm: false, fcbAcd: false, fcv: false, fn: 11 })
    : makeControl({ up: true, prm: false, fcbAcd: false, fcv: false, fn: 8 });
  return {
    ...(request.protocol !== undefined ? { protocol: request.protocol } : {}),
    control,
    address: fromTerminal ? { ...request.address, msa: 0 } : request.address,
    afn: Afn.CONFIRM,
    seq: makeSeq({ seq: parseSeq(request.seq).seq }),
    pn: 0,
    fn: opts?.deny ? 2 : 1,
    data: new Uint8Array(0),
  };
}

export function deny(request: Frame376): Frame376 {
  return confirm(request, { deny: true });
}

export function isConfirm(f: Frame376): boolean {
  return f.afn === Afn.CONFIRM && f.fn === 1;
}

export function isDeny(f: Frame376): boolean {
  return f.afn === Afn.CONFIRM && f.fn === 2;
}
