import { describe, expect, it } from 'vitest';
import {
  decodeToken,
  dkga04,
  encodeCredit,
  type KeyStore,
  MemoryKeyStore,
  preparedKeyForMeter,
} from '../src/index.js';

const PAN = '600727000000000009';

describe('MemoryKeyStore', () => {
  it('derives DKGA02 keys inside the store and never lists vending key material', async () => {
    const store: KeyStore = new MemoryKeyStore();
    await store.putVendingKey({ sgc: '123456', krn: 1, dkga: '02', key: 'abababababababab', baseYear: 1993 });
    expect(await store.hasVendingKey({ sgc: '123456', krn: 1 })).toBe(true);
    const listed = await store.listVendingKeys();
    expect(listed).toEqual([{ sgc: '123456', krn: 1, dkga: '02', baseYear: 1993 }]);
    expect(JSON.stringify(listed)).not.toMatch(/ABAB/i);
    const dk = await store.deriveDecoderKey({ sgc: '123456', krn: 1, meterPAN: PAN, kt: 2, ti: '01' });
    expect(dk).toBe('E653341F9D5BF36F'); // DKGA02-1
  });

  it('derives DKGA04 keys for EA07 and EA11 with the key base date', async () => {
    const store = new MemoryKeyStore();
    await store.putVendingKey({
      sgc: '123457',
      krn: 1,
      dkga: '04',
      key: 'ABABABABABABABAB949494949494949401234567',
      baseYear: 1993,
    });
    const req = { sgc: '123457', krn: 1, meterPAN: PAN, kt: 2, ti: '01' };
    expect(await store.deriveDecoderKey(req)).toBe('AA4BAA8749C10D27'); // DKGA04-STA-1
    expect(await store.deriveDecoderKey({ ...req, ea: '11' })).toBe('F94B6ED353C3BFDB113E2D3A7EA3C41D');
  });

  it('stores decoder keys per meter, returns copies, and prepares them for vending', async () => {
    const store = new MemoryKeyStore();
    const record = {
      meterId: PAN,
      decoderKey: 'e653341f9d5bf36f',
      sgc: '123456',
      krn: 1,
      kt: 2,
      ti: '01',
      ken: 255,
      baseYear: 1993 as const,
    };
    await store.putDecoderKey(record);
    const got = await store.getDecoderKey(PAN);
    expect(got?.decoderKey).toBe('E653341F9D5BF36F');
    got!.decoderKey = '0000000000000000';
    expect((await store.getDecoderKey(PAN))?.decoderKey).toBe('E653341F9D5BF36F');
    const { key } = await preparedKeyForMeter(store, PAN);
    const token = encodeCredit({ decoderKey: key, subclass: 0, rnd: 5, tid: 5871715, amountUnits: 1 });
    expect(token).toBe('23716100501183194197'); // CTSA01-1
    expect(decodeToken(token, key).crcOk).toBe(true);
    expect(await store.deleteDecoderKey(PAN)).toBe(true);
    await expect(preparedKeyForMeter(store, PAN)).rejects.toMatchObject({ code: 'KEY_NOT_FOUND' });
  });

  it('DKGA04 with EA 11 reproduces the 128-bit keys of the MISTY1 vectors (their keyFrom)', () => {
    const vk = 'ABABABABABABABAB949494949494949401234567';
    const common = { vendingKey160: vk, baseDate: '93', ea: '11', sgc: '123457', kt: 2, krn: 1 };
    expect(dkga04({ ...common, ti: '01', meterPAN: PAN })).toBe('F94B6ED353C3BFDB113E2D3A7EA3C41D');
    expect(dkga04({ ...common, ti: '02', meterPAN: PAN })).toBe('B208834372EF892EF6E04C28593090D4');
    expect(dkga04({ ...common, ti: '01', meterPAN: '000001000000000082' })).toBe(
      '290E2626F5A0D106AAD1AAB6411589DF',
    );
  });
});
