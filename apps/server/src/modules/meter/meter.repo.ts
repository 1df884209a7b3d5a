import type { MeterReadRequest, MeterRow } from '@prepay/contracts';
import { asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { accounts, customers, meterLinks, meters, transformers } from '../../db/schema.js';
import { auditedTable } from '../../kernel/audited-write.js';
import { auditedSpec, contains, escapeLike, readPage, readWhere } from '../../kernel/read-query.js';
import { auditStamps, formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';
import { hasDlmsSecrets } from './meter-dlms.repo.js';

export const meterSpec = auditedSpec(meters, {
  sortable: [
    'devEui',
    ['online', meterLinks.online],
    ['lastSeen', meterLinks.lastSeen],
    ['customerName', customers.customerName],
    'lat',
    'lng',
    'ken',
  ],
  defaultOrder: [asc(meters.meterId)],
  search: [meters.meterId, meters.devEui, meters.protocolVersion, meters.sgc, meters.remark],
  station: meters.stationId,
  filters: {
    contains: ['meterId', 'protocolVersion', 'sgc', 'transformerId'],
    equals: ['type', 'communicationWay', 'isThreePhase', 'status', 'krn', 'ti', 'kt', 'baseYear'],
  },
});

/** Whether a decoder key is stored — the only thing any read says about it. */
// Qualified by hand: drizzle renders a bare column name, which the subquery would bind to k.
const hasKey = sql<boolean>`exists (select 1 from meter_keys k where k.meter_id = "meters"."meter_id")`;
// The head-end's link state rides along (left join: a meter never heard has no link row).
const columns = {
  ...getTableColumns(meters),
  hasDecoderKey: hasKey,
  hasDlmsSecrets,
  linkOnline: meterLinks.online,
  linkTransport: meterLinks.transport,
  linkGatewayId: meterLinks.gatewayId,
  linkLastSeen: meterLinks.lastSeen,
  ownerId: accounts.customerId,
  ownerName: customers.customerName,
};
const withLink = eq(meterLinks.meterId, meters.meterId);
// The owner: the customer of the account that holds the meter (left joins: an unused meter has none).
const withAccount = eq(accounts.meterId, meters.meterId);
const withOwner = eq(customers.customerId, accounts.customerId);

/** The meter list's rows: the meter, its link state and its owner. */
const meterRows = (q: Queryable) =>
  q
    .select(columns)
    .from(meters)
    .leftJoin(meterLinks, withLink)
    .leftJoin(accounts, withAccount)
    .leftJoin(customers, withOwner);

/** Meters whose owner's name contains the text. */
function ownerNamed(name: string | null | undefined): SQL | undefined {
  const v = name?.trim();
  if (!v) return undefined;
  return sql`exists (select 1 from accounts a join customers c on c.customer_id = a.customer_id where a.meter_id = "meters"."meter_id" and c.customer_name ilike ${`%${escapeLike(v)}%`})`;
}

export type MeterRecord = typeof meters.$inferSelect & {
  hasDecoderKey: boolean;
  hasDlmsSecrets: boolean;
  linkOnline: boolean | null;
  linkTransport: string | null;
  linkGatewayId: string | null;
  linkLastSeen: Date | null;
  ownerId: string | null;
  ownerName: string | null;
};

/**
 * The original never answers null for these: a meter without STS settings shows the usual defaults
 * (base year 1993, KRN 1, KEN 255, TI 1, KT 2), position 0/0, and new-key fields that repeat the current
 * ones until Update Meter Key sets them.
 */
const STS_SHOWN = { baseYear: 1993, krn: 1, ken: 255, ti: 1, kt: 2 } as const;

export const toMeterRow = (m: MeterRecord): MeterRow => {
  const baseYear = m.baseYear ?? STS_SHOWN.baseYear;
  const krn = m.krn ?? STS_SHOWN.krn;
  const ken = m.ken ?? STS_SHOWN.ken;
  const ti = m.ti ?? STS_SHOWN.ti;
  const kt = m.kt ?? STS_SHOWN.kt;
  return {
    meterId: m.meterId,
    type: m.type,
    isThreePhase: m.isThreePhase,
    communicationWay: m.communicationWay,
    devEui: m.devEui,
    protocolVersion: m.protocolVersion,
    lat: m.lat ?? 0,
    lng: m.lng ?? 0,
    ea: m.ea,
    baseYear,
    sgc: m.sgc,
    krn,
    ken,
    ti,
    kt,
    baseYearNew: m.baseYearNew ?? baseYear,
    sgcNew: m.sgcNew ?? m.sgc,
    krnNew: m.krnNew ?? krn,
    kenNew: m.kenNew ?? ken,
    tiNew: m.tiNew ?? ti,
    ktNew: m.ktNew ?? kt,
    newKeyPending: m.sgcNew !== null || m.krnNew !== null,
    status: m.status,
    hasDecoderKey: Boolean(m.hasDecoderKey),
    online: m.linkOnline ?? false,
    transport: m.linkTransport,
    servingGatewayId: m.linkGatewayId,
    lastSeen: formatDateTime(m.linkLastSeen),
    transformerId: m.transformerId,
    ipAddress: m.ipAddress,
    ipPort: m.ipPort,
    dlmsClientAddress: m.dlmsClientAddress,
    dlmsServerAddress: m.dlmsServerAddress,
    dlmsAuthentication: m.dlmsAuthentication,
    hasDlmsSecrets: Boolean(m.hasDlmsSecrets),
    customerId: m.ownerId,
    customerName: m.ownerName,
    stationId: m.stationId,
    remark: m.remark,
    ...auditStamps(m),
    // The original's meter writes carry `cdt`; we hold no later communication time, so it is the creation.
    cdt: formatDateTime(m.createDate),
  };
};

export async function loadMeters(q: Queryable, ids: string[]): Promise<MeterRecord[]> {
  if (!ids.length) return [];
  const rows = await meterRows(q).where(inArray(meters.meterId, ids));
  const byId = new Map(rows.map((r) => [r.meterId, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is MeterRecord => r !== undefined);
}

export function meterWhere(req: MeterReadRequest, user: SessionUser, extra: (SQL | undefined)[] = []) {
  return readWhere(meterSpec, req, user, [
    contains(meters.devEui, req.devEui?.toLowerCase()),
    req.online === true
      ? sql`exists (select 1 from meter_links l where l.meter_id = "meters"."meter_id" and l.online)`
      : req.online === false
        ? sql`not exists (select 1 from meter_links l where l.meter_id = "meters"."meter_id" and l.online)`
        : undefined,
    req.hasDecoderKey === true ? hasKey : req.hasDecoderKey === false ? sql`not ${hasKey}` : undefined,
    contains(meters.remark, req.remark),
    ownerNamed(req.customerName),
    ...extra,
  ]);
}

export async function readMeters(
  q: Queryable,
  req: MeterReadRequest,
  user: SessionUser,
  extra: (SQL | undefined)[] = [],
) {
  const where = meterWhere(req, user, extra);
  // One after the other: a filter the database refuses (a number past its column) then fails once, with
  // no second query left running whose rejection nobody awaits.
  return readPage(q, meters, meterRows(q), where, meterSpec, req, toMeterRow);
}

export const unusedOnly = eq(meters.status, false);

/** What a meter is written with (the audit stamps apart). */
export type MeterValues = Omit<
  typeof meters.$inferInsert,
  'createId' | 'createDate' | 'updateId' | 'updateDate'
>;

/** The rows a meter write or delete answers and audits. */
export const meterTable = auditedTable(
  meters,
  'Meter',
  async (q: Queryable, ids: string[]) => (await loadMeters(q, ids)).map(toMeterRow),
  (m) => m.meterId,
);

/** The meters that hold any of the DevEUIs. */
export const metersWithDevEuis = (q: Queryable, devEuis: string[]) =>
  q
    .select({ meterId: meters.meterId, devEui: meters.devEui })
    .from(meters)
    .where(inArray(meters.devEui, devEuis));

/** The stations of the named transformers (a meter joins a transformer of its own station). */
export const transformerStations = (q: Queryable, ids: string[]) =>
  q
    .select({ transformerId: transformers.transformerId, stationId: transformers.stationId })
    .from(transformers)
    .where(inArray(transformers.transformerId, ids));

export async function updateMeter(
  q: Queryable,
  meterId: string,
  values: Partial<typeof meters.$inferInsert>,
) {
  await q.update(meters).set(values).where(eq(meters.meterId, meterId));
}

export async function insertMeters(q: Queryable, values: (typeof meters.$inferInsert)[]) {
  await q.insert(meters).values(values);
}
