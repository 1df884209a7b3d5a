import type { Dlt645TreeNode, RemoteTaskRow } from '@prepay/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { apiTest, expectRefusals, userWithRole } from './harness.js';
import type { Page } from './masterdata-fixtures.js';
import { vendableMeter } from './vending-fixture.js';
import { sheetRows } from './workbook.js';

/** The catalogue and the task API without a head-end: validation, queueing, reads, resend rules. */
const it = apiTest(async (t) => {
  await vendableMeter(t, { meterId: '47100000003', protocolVersion: '2.2' });
  await vendableMeter(t, { meterId: '47100000011', protocolVersion: '2.2', stationId: '0001' });
});

describe('DL/T 645 catalogue', () => {
  it('is seeded with the items the original screens use, grouped in the tree, in six languages', async ({
    t,
    admin,
  }) => {
    const tree = await t.call<Dlt645TreeNode[]>(
      '/api/dlt645/readDLT645Tree',
      { lang: 'en', version: '2.2', type: 0 },
      admin,
    );
    expect(tree.code).toBe(0);
    // Frozen Data: the daily freezes and settlement records the meter-data collection reads.
    expect(tree.result.map((g) => g.label)).toEqual(['Basic Parameters', 'Status Value', 'Frozen Data']);
    const basic = tree.result[0]?.children.map((c) => `${c.id} ${c.label}`);
    expect(basic).toContain('901F Total Consumption');
    expect(basic).toContain('E421 Credit balance');
    expect(basic).toContain('EFF5 Relay Status');
    expect(tree.result[1]?.children.map((c) => c.label)).toContain('Power');
    const zh = await t.call<Dlt645TreeNode[]>(
      '/api/DLT645/readdlt645tree',
      { lang: 'zh', version: '2.2', type: 2 },
      admin,
    );
    expect(zh.result[0]?.children.map((c) => c.label)).toEqual(['合闸', '拉闸']);
    const token = await t.call<Dlt645TreeNode[]>(
      '/api/dlt645/readDLT645Tree',
      { lang: 'es', version: '2.2', type: 3 },
      admin,
    );
    expect(token.result[0]?.children).toEqual([{ id: 'A120', label: 'Enviar token', children: [] }]);
  });

  it('requires lang on the tree, like the original', async ({ t, admin }) => {
    const res = await t.post('/api/dlt645/readDLT645Tree', { version: '2.2', type: 0 }, admin);
    expect(res.statusCode).toBe(400);
  });

  it('lists rows with their 2007 identifiers and never shows the write password', async ({ t, admin }) => {
    const page = await t.call<Page<Record<string, unknown>>>(
      '/api/dlt645/read',
      { searchTerm: 'Switch Off', pageSize: 50 },
      admin,
    );
    expect(page.code).toBe(0);
    const off = page.result.data.find((r) => r.flag === 'C03C' && r.version === '2.2');
    expect(off).toMatchObject({
      control: '1C',
      data: '1A',
      type: 2,
      nameEN: 'Switch Off',
      password: '******',
    });
    expect(JSON.stringify(page.result)).not.toContain('123456');
    const all = await t.call<Page<Record<string, unknown>>>(
      '/api/dlt645/read',
      { version: '2.2', pageSize: 100 },
      admin,
    );
    expect(all.result.data.find((r) => r.flag === '901F')).toMatchObject({
      di: '00010000',
      format: 'XXXXXX.XX',
    });
    expect(all.result.data.find((r) => r.flag === 'A120')).toMatchObject({ di: '04A12000' });
  });

  it('creates, updates and deletes items all or nothing, audited without the password', async ({
    t,
    admin,
  }) => {
    const item = {
      version: '2.2',
      type: 0,
      flag: '02800002',
      control: '11',
      format: 'XX.XX',
      nameEN: 'Frequency',
      nameZH: '频率',
      typeEN: 'Status Value',
    };
    const created = await t.call<Record<string, unknown>[]>('/api/dlt645/create', [item], admin);
    expect(created.code).toBe(0);
    expect(created.result[0]).toMatchObject({ flag: '02800002', di: '02800002', nameEN: 'Frequency' });

    const dup = await unchangedBy(t.database, () =>
      t.call('/api/dlt645/create', [{ ...item, flag: '02800007' }, item], admin),
    );
    expect(dup.code).not.toBe(0);
    expect(dup.reason).toMatch(/already exists/);

    const updated = await t.call<Record<string, unknown>[]>(
      '/api/dlt645/update',
      [{ version: '2.2', type: 1, flag: 'C010', password: '654321' }],
      admin,
    );
    expect(updated.result[0]).toMatchObject({ password: '******', nameEN: 'Clock Synchronization' });
    const logs = await t.auditRows();
    expect(logs.filter((l) => l.title === 'DLT645').map((l) => l.action)).toEqual(['Create', 'Update']);
    expect(JSON.stringify(logs)).not.toContain('654321');
    await t.call(
      '/api/dlt645/update',
      [{ version: '2.2', type: 1, flag: 'C010', password: '123456' }],
      admin,
    );

    const deleted = await t.call<unknown[]>(
      '/api/dlt645/delete',
      [{ version: '2.2', type: 0, flag: '02800002' }],
      admin,
    );
    expect(deleted.result).toHaveLength(1);
    const again = await t.call('/api/dlt645/delete', [{ version: '2.2', type: 0, flag: '02800002' }], admin);
    expect(again.reason).toMatch(/not found/);
  });

  it('refuses catalogue changes from a station user even with the key', async ({ t, admin }) => {
    await t.call('/api/station/create', [{ stationId: 'NORTH', name: 'North' }], admin);
    const token = await userWithRole(t, { userId: 'northitem', content: 'Setting.Item', stationId: 'NORTH' });
    const tree = await t.call('/api/dlt645/readDLT645Tree', { lang: 'en', version: '2.2', type: 0 }, token);
    expect(tree.code).toBe(0);
    await unchangedBy(t.database, () =>
      expectRefusals(t, token, [
        ['/api/dlt645/update', [{ version: '2.2', type: 1, flag: 'C010', password: '000000' }], 403],
      ]),
    );
  });
});

describe('task API', () => {
  it('queues one reading task per array element, StandBy, with the data item named in the language asked', async ({
    t,
    admin,
  }) => {
    const res = await t.call<RemoteTaskRow[]>(
      '/api/remoteMeterTask/createReadingTask',
      [
        { meterId: '47100000003', flag: '901F' },
        { meterId: '47100000003', version: '2.2', flag: 'E421' },
        { meterId: '47100000011', flag: 'b630' },
      ],
      admin,
    );
    expect(res.code).toBe(0);
    expect(res.result.map((r) => [r.meterId, r.name, r.status])).toEqual([
      ['47100000003', 'Total Consumption', 0],
      ['47100000003', 'Credit balance', 0],
      ['47100000011', 'Power', 0],
    ]);
    expect(res.result[0]?.customerId).toBe('C47100000003');
    const zh = await t.call<Page<RemoteTaskRow>>(
      '/API/RemoteMeterTask/GetReadingTask',
      { lang: 'zh', meterId: '47100000003' },
      admin,
    );
    expect(zh.result.total).toBe(2);
    expect(zh.result.data.map((r) => r.name).sort()).toEqual(['剩余电量', '总用电量']);
    const all = await t.call<Page<RemoteTaskRow>>('/api/DLT645Task/read', { lang: 'en' }, admin);
    expect(all.result.total).toBe(3);
    const audit = (await t.auditRows()).filter((l) => l.title === 'RemoteMeterTask');
    expect(audit.map((l) => l.action)).toEqual(['CreateReadingTask']);
  });

  it('exports the list of one task kind as .xlsx: its filter, every row, data item names in the language asked (English when none), audited', async ({
    t,
    admin,
  }) => {
    const made = await t.call(
      '/api/remoteMeterTask/createReadingTask',
      [
        { meterId: '47100000011', flag: '901F' },
        { meterId: '47100000011', flag: 'b630' },
        { meterId: '47100000003', flag: 'b630' },
      ],
      admin,
    );
    expect(made.code).toBe(0);
    const listed = async (lang: string) => {
      const list = await t.call<Page<RemoteTaskRow>>(
        '/API/RemoteMeterTask/GetReadingTask',
        { lang, meterId: '47100000011' },
        admin,
      );
      return list.result.data.map((r) => r.name).sort();
    };
    const exported = async (body: object) => {
      const res = await t.post('/api/RemoteMeterTask/reading/export', body, admin);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      // Columns: task id, customer id and name, meter id, then the data item's name.
      const [, ...rows] = await sheetRows(res.rawPayload);
      return rows.map((r) => r[4]).sort();
    };
    const english = await listed('en');
    expect(english).toEqual(expect.arrayContaining(['Power', 'Total Consumption']));
    expect(await exported({ meterId: '47100000011' })).toEqual(english);
    expect(await exported({ lang: 'zh', meterId: '47100000011' })).toEqual(await listed('zh'));
    const blank = await t.post('/api/RemoteMeterTask/reading/export', { lang: '' }, admin);
    expect(blank.statusCode).toBe(400);
    const audit = (await t.auditRows()).filter((l) => l.title === 'RemoteMeterTask' && l.action === 'Export');
    const rows = `reading: ${english.length} rows`;
    expect(audit.map((l) => l.content)).toEqual([rows, rows]);
  });

  it('refuses the whole batch when one line is bad, naming it, and queues nothing', async ({ t, admin }) => {
    const res = await unchangedBy(t.database, () =>
      t.call(
        '/API/RemoteMeterTask/CreateReadingTask',
        [
          { meterId: '47100000003', flag: '901F' },
          { meterId: '99999999999', flag: '901F' },
          { meterId: '47100000003', flag: 'ZZZZ' },
          {},
        ],
        admin,
      ),
    );
    expect(res.code).not.toBe(0);
    expect(res.reason).toMatch(/Line 2: meter 99999999999: not found/);
    expect(res.reason).toMatch(/Line 3: data item ZZZZ is not in the catalogue/);
    expect(res.reason).toMatch(/Line 4: meterId is required/);
  });

  it('validates tokens: digits and spaces only, exactly 20 digits', async ({ t, admin }) => {
    await unchangedBy(t.database, async () => {
      for (const data of [
        '1234 5678 9012 3456 789',
        '1234-5678-9012-3456-7890',
        '12345678901234567890 1',
        '',
      ]) {
        const res = await t.call(
          '/API/RemoteMeterTask/CreateTokenTask',
          [{ meterId: '47100000003', data }],
          admin,
        );
        expect(res.code, data).not.toBe(0);
        expect(res.reason).toMatch(/valid token/);
      }
    });
    const ok = await t.call<RemoteTaskRow[]>(
      '/API/RemoteMeterTask/CreateTokenTask',
      [{ meterId: '47100000003', flag: 'A120', data: '1234 5678 9012 3456 7890' }],
      admin,
    );
    expect(ok.result[0]).toMatchObject({ name: 'Send Token', data: '12345678901234567890', status: 0 });
  });

  it('checks a transparent frame before queueing it', async ({ t, admin }) => {
    const wrongAddress = '68 25 04 03 02 01 00 68 11 04 33 33 34 33 E1 16';
    const bad = await t.call(
      '/API/RemoteMeterTask/CreateTransparentForwardingTask',
      [{ meterId: '47100000003', sendFrame: wrongAddress }],
      admin,
    );
    expect(bad.reason).toMatch(/addressed to 000102030425/);
    const broken = await t.call(
      '/API/RemoteMeterTask/CreateTransparentForwardingTask',
      [{ meterId: '47100000003', sendFrame: '68 03 00 00 00 16' }],
      admin,
    );
    expect(broken.reason).toMatch(/not a valid DL\/T 645 frame/);
    const setting = await t.call(
      '/API/RemoteMeterTask/CreateSettingTask',
      [{ meterId: '47100000003', flag: '04000F01', data: '12.345' }],
      admin,
    );
    expect(setting.reason).toMatch(/more than 2 decimals/);
  });

  it('resends only finished tasks of its own family, as the same task', async ({ t, admin }) => {
    const [task] = (
      await t.call<RemoteTaskRow[]>(
        '/API/RemoteMeterTask/CreateControlTask',
        [{ meterId: '47100000003', flag: 'C03C' }],
        admin,
      )
    ).result;
    expect(task?.name).toBe('Switch Off');
    const waiting = await t.call('/API/RemoteMeterTask/UpdateControlTask', [{ id: task?.id }], admin);
    expect(waiting.reason).toMatch(/still waiting or running/);
    await t.database.db.execute(
      sql`update remote_tasks set status = 2, reason = 'offline' where id = ${task?.id ?? 0}`,
    );
    const wrongFamily = await t.call('/API/RemoteMeterTask/UpdateReadingTask', [{ id: task?.id }], admin);
    expect(wrongFamily.reason).toMatch(/not found/);
    const resent = await t.call<RemoteTaskRow[]>(
      '/api/remotemetertask/updatecontroltask',
      [{ id: task?.id }],
      admin,
    );
    expect(resent.code).toBe(0);
    expect(resent.result[0]).toMatchObject({ id: task?.id, status: 0 });
    const count = await t.call<Page<RemoteTaskRow>>(
      '/API/RemoteMeterTask/GetControlTask',
      { lang: 'en' },
      admin,
    );
    expect(count.result.total).toBe(1);
  });

  it('keeps a station user to the meters of their station', async ({ t }) => {
    const north = await userWithRole(t, {
      userId: 'northreader',
      content:
        'RemoteMeterTask.CreateReadingTask,RemoteMeterTaskRecord.GetReadingTask+RemoteMeterTaskRecord.UpdateReadingTask',
      stationId: 'NORTH',
    });
    const res = await t.call(
      '/API/RemoteMeterTask/CreateReadingTask',
      [{ meterId: '47100000003', flag: '901F' }],
      north,
    );
    expect(res.reason).toMatch(/belongs to another station/);
    const list = await t.call<Page<RemoteTaskRow>>(
      '/API/RemoteMeterTask/GetReadingTask',
      { lang: 'en' },
      north,
    );
    expect(list.result.total).toBe(0);
  });
});
