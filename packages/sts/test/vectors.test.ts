import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../src/hex.js';
import {
  decodeToken,
  dkga02ControlBlock,
  dkga04Data,
  type OpResult,
  panBlock,
  runOp,
  StsError,
} from '../src/index.js';
import { loadVectors, sharedVectorsText, VECTORS_PATH, type Vector } from './vectors.js';

/**
 * Every vector of sts-vectors.json goes through runOp — the function behind `sts batch` — so the
 * suite checks exactly what operators run. Each category maps the vector's inputs to an op request;
 * a vector of an unmapped category fails the suite.
 */

const vectors = loadVectors();
const byId = new Map(vectors.map((v) => [v.id, v]));

type Case = { request: Record<string, unknown>; pick: (r: OpResult) => unknown; want: unknown };

const s = (v: unknown) => String(v);
const expectedOrDerived = (v: Vector, k: string) => (v.expected?.[k] ?? v.derived?.[k]) as unknown;
const hexEq = (a: unknown) => Number.parseInt(String(a), 16);
/** The vector's inputs an op takes under the same names. */
const inputs = (i: Record<string, unknown>, ...names: string[]) =>
  Object.fromEntries(names.map((n) => [n, i[n]]));

function tokenCase(v: Vector, request: Record<string, unknown>, index?: number): Case {
  return {
    request,
    pick: (r) => (index === undefined ? r.token : (r.tokens as string[])[index]),
    want: v.expected?.token,
  };
}

/** A case whose answer is the `field` of the op's result. */
const fieldCase = (request: Record<string, unknown>, field: string, want: unknown): Case => ({
  request,
  pick: (r) => r[field],
  want,
});

function keyChangeRequest(i: Record<string, unknown>) {
  return {
    op: 'keyChange',
    currentDecoderKey: i.currentDecoderKey ?? i.currentKey128,
    newDecoderKey: i.newDecoderKey ?? i.newKey128,
    newKEN: i.newKEN,
    newKRN: i.newKRN,
    RO: i.RO,
    newKT: i.newKT,
    newTI: i.newTI,
    sgc: i.sgc,
  };
}

/** Vendor rule of gen_meter_key.py: block = NOT(("00727" + meterNo) XOR ControlBlock). */
function vendorKdfBlock(i: Record<string, unknown>): string {
  const x = BigInt(`0x00727${s(i.meterNo)}`) ^ BigInt(`0x${s(i.controlBlock)}`);
  return (~x & 0xffffffffffffffffn).toString(16).padStart(16, '0');
}

function caseFor(v: Vector): Case {
  const i = v.inputs;
  const c = v.category;
  if (c === 'crc16') return fieldCase({ op: 'crc16', ...i }, 'crc16', v.expected?.crc16);
  if (c === 'sta-block (actual tables)') {
    return tokenCase(v, { op: 'staEncrypt', ...inputs(i, 'decoderKey', 'plainBlock64', 'tokenClass') });
  }
  if (c === 'sta-block (IEC sample tables)') {
    return fieldCase(
      { op: 'staEncrypt', ...inputs(i, 'decoderKey', 'plainBlock64'), tokenClass: 0, tables: 'sample' },
      'token66hex',
      v.expected?.token66hex,
    );
  }
  if (c.startsWith('sta-block (vendor key derivation')) {
    return fieldCase(
      { op: 'staEncrypt', decoderKey: i.VK, plainBlock64: vendorKdfBlock(i) },
      'encryptedBlock64',
      v.expected?.decoderKey,
    );
  }
  if (c === 'dkga02') {
    return fieldCase(
      {
        op: 'dkga02',
        vendingKey: i.vendingKey,
        meterPAN: i.meterPAN,
        kt: i.keyType,
        sgc: i.sgc,
        ti: i.ti,
        krn: i.krn,
      },
      'decoderKey',
      expectedOrDerived(v, 'decoderKey'),
    );
  }
  if (c.startsWith('dkga04')) {
    return fieldCase({ op: 'dkga04', ...i }, 'decoderKey', v.derived?.decoderKey);
  }
  if (c === 'meter-pan') {
    return {
      request: { op: 'pan', meterPAN: i.meterPAN },
      pick: (r) => r,
      want: expect.objectContaining(v.expected!),
    };
  }
  if (c === 'class0-credit') {
    return tokenCase(v, {
      op: 'credit',
      ...inputs(i, 'decoderKey', 'subclass', 'rnd', 'tid', 'amountUnits'),
      ken: i.KEN,
    });
  }
  if (c.startsWith('class0-currency')) {
    // "100 currency units (1 unit = 0.00001)": the decimal amount, converted by the op.
    const amount = /^[\d.]+/.exec(s(i.amount))![0];
    return tokenCase(v, { op: 'credit', ...inputs(i, 'decoderKey', 'subclass', 'tid'), amount });
  }
  if (c === 'class1-test-display') {
    return tokenCase(v, { op: 'meterTest', ...inputs(i, 'subclass', 'controlHex', 'mfrCode') });
  }
  const tidBase = inputs(i, 'decoderKey', 'rnd', 'tid');
  if (c === 'class2-MPL') return tokenCase(v, { op: 'setMaximumPowerLimit', ...tidBase, watts: i.mplWatts });
  if (c === 'class2-MPPUL') {
    return tokenCase(v, { op: 'setMaximumPhasePowerUnbalanceLimit', ...tidBase, watts: i.mppulWatts });
  }
  if (c === 'class2-ClearCredit') return tokenCase(v, { op: 'clearCredit', ...tidBase, register: i.value16 });
  if (c === 'class2-ClearTamper') return tokenCase(v, { op: 'clearTamper', ...tidBase });
  if (c.startsWith('class2-KCT1')) return tokenCase(v, keyChangeRequest(i), 0);
  if (c.startsWith('class2-KCT2')) return tokenCase(v, keyChangeRequest(i), 1);
  if (c.startsWith('misty1')) {
    return fieldCase({ op: 'misty1Encrypt', ...i }, 'ciphertext', v.expected?.ciphertext);
  }
  if (c.startsWith('ea11-misty1 KCT')) {
    const section = ['1st', '2nd', '3rd', '4th'].findIndex((n) => c.includes(`${n} section`));
    return tokenCase(v, keyChangeRequest(i), section);
  }
  if (c.startsWith('ea11-misty1 class')) {
    return tokenCase(v, {
      op: 'encodeBlock',
      ea: '11',
      decoderKey: i.decoderKey128,
      ...inputs(i, 'class', 'subclass', 'body44Hex'),
    });
  }
  if (c === 'decode') {
    const d = v.derived!;
    const f = d.fields as Record<string, unknown>;
    const want: Record<string, unknown> = {
      class: d.class,
      subclass: d.subclass,
      crcOk: d.crcOk,
      plainBlock: d.plainBlock64,
    };
    for (const [k, val] of Object.entries(f)) {
      if (k === 'RND') want.rnd = val;
      else if (k === 'TID') want.tid = val;
      else if (k === 'value16' || k === 'control' || k === 'NKHO' || k === 'NKLO') want[k] = hexEq(val);
      else want[k] = val;
    }
    return {
      request: { op: 'decode', token: i.token, decoderKey: i.decoderKey },
      pick: (r) => {
        const got: Record<string, unknown> = {};
        for (const k of Object.keys(want)) {
          got[k] = ['value16', 'control', 'NKHO', 'NKLO'].includes(k) ? hexEq(r[k]) : r[k];
        }
        return got;
      },
      want,
    };
  }
  if (c === 'amount-encoding') {
    return fieldCase({ op: 'amount', units: i.units }, 'amountField', v.expected?.amountField);
  }
  if (c === 'tid') return fieldCase({ op: 'tid', at: i.at, base: i.base }, 'tid', v.expected?.tid);
  throw new Error(`vector ${v.id}: category "${c}" has no mapping`);
}

function errorCode(request: Record<string, unknown>): string | undefined {
  try {
    runOp(request);
  } catch (e) {
    if (e instanceof StsError) return e.code;
    throw e;
  }
  return undefined;
}

const isInconsistent = (v: Vector) => v.status.startsWith('INCONSISTENT');
const isNegative = (v: Vector) => v.category.startsWith('negative');

describe('sts-vectors.json', () => {
  it('the package copy is the shared file, unedited', () => {
    const shared = sharedVectorsText();
    if (shared !== undefined) expect(readFileSync(VECTORS_PATH, 'utf8')).toBe(shared);
    expect(vectors).toHaveLength(180);
  });

  const positive = vectors.filter((v) => !isInconsistent(v) && !isNegative(v));
  it('177 vectors reproduce, 1 is INCONSISTENT, 2 are negative', () => {
    expect(positive).toHaveLength(177);
  });
  it.each(positive.map((v) => [v.id, v] as const))('%s reproduces through runOp', (_id, v) => {
    const { request, pick, want } = caseFor(v);
    expect(want, `${v.id} has an expected value`).toBeDefined();
    expect(pick(runOp(request))).toEqual(want);
  });

  describe('INCONSISTENT vectors disagree, as documented', () => {
    const inconsistent = vectors.filter(isInconsistent);
    it('the file marks AMT-181862.3 (CMU truncation) as INCONSISTENT', () => {
      expect(inconsistent.map((v) => v.id)).toEqual(['AMT-181862.3']);
    });
    it.each(inconsistent.map((v) => [v.id, v] as const))(
      '%s: we round up, the source truncated',
      (_id, v) => {
        const { request, pick, want } = caseFor(v);
        const got = pick(runOp(request));
        expect(got).not.toEqual(want);
        expect(got).toBe(v.derived?.roundUpEncoding);
      },
    );
    it('sts.md §5.3: the CMU 18 022.3 → 7FFF value (not in the file) disagrees as well', () => {
      expect(runOp({ op: 'amount', units: 180223 }).amountField).toBe('8000');
      expect(runOp({ op: 'amount', units: 180223 }).amountField).not.toBe('7FFF');
    });
  });

  describe('negative vectors are refused', () => {
    it('NEG-KEN-1: TID 5916090 (block 90) under KEN 85 is refused as key expired', () => {
      const v = byId.get('NEG-KEN-1')!;
      const key = byId.get('DKGA02-7')!.derived!.decoderKey;
      expect(
        errorCode({
          op: 'credit',
          decoderKey: key,
          subclass: 0,
          rnd: 5,
          tid: v.inputs.tid,
          amountUnits: 1,
          ken: v.inputs.KEN,
        }),
      ).toBe('KEY_EXPIRED');
      // The last TID under KEN 85 is still fine.
      expect(() =>
        runOp({
          op: 'credit',
          decoderKey: key,
          subclass: 0,
          rnd: 5,
          tid: 85 * 65536 + 65535,
          amountUnits: 1,
          ken: 85,
        }),
      ).not.toThrow();
    });
    it('NEG-PAN-1: a 22-digit number is not a MeterPAN', () => {
      const pan = byId.get('NEG-PAN-1')!.inputs.meterPAN;
      expect(errorCode({ op: 'pan', meterPAN: pan })).toBe('INVALID_PAN');
      expect(
        errorCode({
          op: 'dkga02',
          vendingKey: 'ABABABABABABABAB',
          meterPAN: pan,
          kt: 2,
          sgc: '123456',
          ti: '01',
          krn: 1,
        }),
      ).toBe('INVALID_PAN');
    });
  });

  describe('intermediate values of the derivations', () => {
    it.each(vectors.filter((v) => v.category === 'dkga02').map((v) => [v.id, v] as const))(
      '%s blocks',
      (_id, v) => {
        const i = v.inputs;
        expect(panBlock(s(i.meterPAN), i.keyType as number)).toBe(i.panBlock);
        expect(
          dkga02ControlBlock({ kt: i.keyType as number, sgc: s(i.sgc), ti: s(i.ti), krn: i.krn as number }),
        ).toBe(v.derived!.controlBlock);
      },
    );
    it.each(vectors.filter((v) => v.category.startsWith('dkga04')).map((v) => [v.id, v] as const))(
      '%s KDF input',
      (_id, v) => {
        expect(bytesToHex(dkga04Data(v.inputs as never))).toBe(v.derived!.kdfInput);
      },
    );
  });

  describe('every expected token decodes back to its plain block', () => {
    const withBlock = vectors.filter((v) => typeof v.expected?.token === 'string' && v.derived?.plainBlock64);
    it.each(withBlock.map((v) => [v.id, v] as const))('%s', (_id, v) => {
      const key = (v.inputs.decoderKey ?? v.inputs.currentDecoderKey) as string | undefined;
      const d = decodeToken(v.expected!.token as string, key);
      expect(d.crcOk).toBe(true);
      expect(d.plainBlock).toBe(v.derived!.plainBlock64);
    });
  });
});
