import { deflateSync } from 'node:zlib';
import type { ItemRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { apiTest, expectRefusals, suiteHelper, type TestApp, userWithRole } from './harness.js';
import { createStations, type Page } from './masterdata-fixtures.js';

/** Uploads a PNG into an image slot, as the admin unless another token is given. */
const uploadWith =
  (t: TestApp, admin: string) =>
  async (slot: string, name: string, content: Buffer, token = admin) => {
    const res = await t.upload(`/api/image/upload?slot=${slot}`, { name, content, type: 'image/png' }, token);
    return {
      status: res.statusCode,
      ...(res.json() as { code: number; reason: string; result: { url: string; width: number } }),
    };
  };

const it = apiTest(createStations).extend('upload', suiteHelper(uploadWith));

describe('items', () => {
  it('creates, lists per language, updates and deletes dictionary entries', async ({ t, admin }) => {
    const c = await t.call<ItemRow[]>(
      '/api/item/create',
      [
        { itemType: 'BasicInformation', itemName: 'Currency', en: 'NGN', zh: '奈拉' },
        { itemType: 'PaymentMethod', itemName: 'Cash', en: 'Cash', es: 'Efectivo' },
        { itemType: 'PaymentMethod', itemName: 'Card', en: 'Card' },
      ],
      admin,
    );
    expect(c.code, c.reason).toBe(0);
    const list = await t.call<{ id: string; name: string }[]>(
      '/api/item/readItemList',
      { itemType: 'PaymentMethod', lang: 'es' },
      admin,
    );
    expect(list.result).toEqual([
      { id: 'Card', name: 'Card' },
      { id: 'Cash', name: 'Efectivo' },
    ]);
    const u = await t.call<ItemRow[]>(
      '/api/item/update',
      [{ itemType: 'BasicInformation', itemName: 'Currency', en: 'MMK' }],
      admin,
    );
    expect(u.result[0]).toMatchObject({ en: 'MMK', zh: '奈拉' });
    const audit = (await t.auditRows()).at(-1)!;
    expect(JSON.parse(audit.contentBefore!).en).toBe('NGN');
    const page = await t.call<Page<ItemRow>>(
      '/api/item/read',
      { itemType: 'payment', orderBy: 'itemName desc' },
      admin,
    );
    expect(page.result.data.map((i) => i.itemName)).toEqual(['Cash', 'Card']);
    await unchangedBy(t.database, () =>
      expectRefusals(t, admin, [
        [
          '/api/item/create',
          [
            { itemType: 'A', itemName: 'B' },
            { itemType: 'A', itemName: 'B' },
          ],
          /duplicate lines/,
        ],
        ['/api/item/create', [{ itemType: 'A' }], 400],
        ['/api/item/import', [{ itemType: 'PaymentMethod', itemName: 'Cash' }], /already exists/],
      ]),
    );
    const d = await t.call('/api/item/delete', [{ itemType: 'PaymentMethod', itemName: 'Card' }], admin);
    expect(d.code).toBe(0);
  });

  it('lets a station user read the drop-down but only system users change the shared dictionary', async ({
    t,
  }) => {
    const north = await userWithRole(t, {
      userId: 'item_north',
      content: 'Setting.Item',
      stationId: 'NORTH',
    });
    const vendor = await userWithRole(t, {
      userId: 'item_vendor',
      content: 'Token.CreditToken',
      stationId: 'NORTH',
    });
    expect((await t.call('/api/item/readItemList', { itemType: 'PaymentMethod' }, vendor)).code).toBe(0);
    await unchangedBy(t.database, async () => {
      await expectRefusals(t, vendor, [['/api/item/read', {}, 403]]);
      await expectRefusals(t, north, [['/api/item/create', [{ itemType: 'X', itemName: 'Y' }], 403]]);
    });
  });
});

/** A real, minimal PNG of w×h pixels. */
function png(w: number, h: number, extra = 0): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(extra ? [chunk('tEXt', Buffer.alloc(extra, 65))] : []),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('images', () => {
  it('accepts a PNG up to 2 MB into a slot and serves it publicly', async ({ t, admin, upload }) => {
    const image = png(4, 3);
    const res = await upload('loginBackground', 'bg.png', image);
    expect(res.code, res.reason).toBe(0);
    expect(res.result).toMatchObject({ width: 4, height: 3, size: image.length });
    const get = await t.app.inject({ method: 'GET', url: res.result.url });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(get.rawPayload, image)).toBe(0);
    const none = await t.app.inject({ method: 'GET', url: '/api/image/file/receiptLogo' });
    expect(none.statusCode).toBe(404);
    expect((await t.auditRows()).at(-1)).toMatchObject({ title: 'Image', action: 'Upload' });
    const list = await t.call<{ slot: string; url: string | null }[]>('/api/image/read', {}, admin);
    expect(list.result.map((r) => [r.slot, r.url !== null])).toEqual([
      ['loginBackground', true],
      ['receiptLogo', false],
    ]);
  });

  it('refuses non-PNG content, wrong names, over 2 MB, bad slots and station users, changing nothing', async ({
    t,
    admin,
    upload,
  }) => {
    const north = await userWithRole(t, {
      userId: 'img_north',
      content: 'Setting.Image',
      stationId: 'NORTH',
    });
    await unchangedBy(t.database, async () => {
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(64)]);
      expect((await upload('receiptLogo', 'logo.png', jpeg)).reason).toMatch(/not a PNG/);
      expect((await upload('receiptLogo', 'logo.jpg', png(2, 2))).reason).toMatch(/Only PNG/);
      const big = await upload('receiptLogo', 'big.png', png(2, 2, 2 * 1024 * 1024));
      expect(big.code).toBe(413);
      expect(big.reason).toMatch(/larger than 2 MB/);
      expect((await upload('avatar', 'a.png', png(2, 2))).status).toBe(400);
      expect((await upload('receiptLogo', 'a.png', png(2, 2), north)).status).toBe(403);
    });
    const del = await t.call('/api/image/delete', [{ slot: 'loginBackground' }], admin);
    expect(del.code).toBe(0);
  });
});
