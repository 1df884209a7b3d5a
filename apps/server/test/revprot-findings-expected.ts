import {
  SUSPECT_LIMITS,
  SUSPECT_POINTS,
  type SuspectFinding,
  TAMPER_BEFORE_DAYS,
  type TamperFlag,
} from '@prepay/contracts';

/**
 * The meter findings recomputed by hand from raw rows, one meter at a time, with plain loops: what the
 * property tests compare each report with. Days are indexes (0 = the first day of the data).
 */
export interface RawReading {
  meterId: string;
  day: number;
  usage: number | null;
  remain: number | null;
  flags: Partial<Record<TamperFlag, boolean>>;
}
export interface RawVend {
  meterId: string;
  day: number;
  hour: number;
  units: number;
  cancelled: boolean;
}
export interface RawMeter {
  meterId: string;
  customerId: string | null;
  stationId: string;
  transformerId: string | null;
  /** The account's opening day (index; negative = before the data) for a meter an account binds. */
  openedDay: number | null;
}
export interface RawNetwork {
  transformerId: string;
  stationId: string;
  checkMeterId: string | null;
  customers: string[];
}

/** n / d rounded half away from zero, d > 0, as PostgreSQL's round of a numeric. */
export function roundDiv(n: number, d: number): number {
  const q = Math.floor((2 * Math.abs(n) + d) / (2 * d));
  return n < 0 ? -q : q;
}
/** n / d to two places (PostgreSQL's round(n * 1.0 / d, 2)). */
export const round2 = (n: number, d: number) => roundDiv(n * 100, d) / 100;

const FLAGS: TamperFlag[] = [
  'coverOpen',
  'terminalCoverOpen',
  'magneticInterference',
  'currentReverse',
  'currentUnbalance',
];

const readingsOf = (rows: RawReading[], meterId: string, from: number, to: number) =>
  rows.filter((r) => r.meterId === meterId && r.day >= from && r.day <= to);
const sumOf = (rows: RawReading[]) => rows.reduce((s, r) => s + (r.usage ?? 0), 0);
const withUsage = (rows: RawReading[]) => rows.filter((r) => r.usage !== null);

/** The last issued vend on or before day `asOf`. */
export function lastVend(vends: RawVend[], meterId: string, asOf: number): RawVend | undefined {
  return vends
    .filter((v) => v.meterId === meterId && !v.cancelled && v.day <= asOf)
    .sort((a, b) => a.day - b.day || a.hour - b.hour)
    .at(-1);
}

export function zeroBuyers(
  meters: RawMeter[],
  rows: RawReading[],
  vends: RawVend[],
  asOf: number,
  minDays: number,
) {
  return meters.flatMap((m) => {
    if (m.customerId === null || m.openedDay === null) return [];
    const last = lastVend(vends, m.meterId, asOf);
    if (!last && m.openedDay > asOf) return [];
    const nonpurchaseDays = asOf - (last ? last.day : m.openedDay);
    if (nonpurchaseDays < minDays) return [];
    const read = readingsOf(rows, m.meterId, asOf - minDays + 1, asOf);
    const energy = sumOf(read);
    const state = read.length === 0 ? 'silent' : energy > 0 ? 'consuming' : 'communicating';
    const lastReading = read.length ? Math.max(...read.map((r) => r.day)) : null;
    return [
      {
        meterId: m.meterId,
        lastVendDay: last?.day ?? null,
        nonpurchaseDays,
        readDays: read.length,
        energy: energy / 10,
        lastReading,
        state,
      },
    ];
  });
}

export function beyondCredit(
  meters: RawMeter[],
  rows: RawReading[],
  vends: RawVend[],
  asOf: number,
  emergency: number,
) {
  return meters.flatMap((m) => {
    if (m.customerId === null) return [];
    const last = lastVend(vends, m.meterId, asOf);
    if (!last) return [];
    const first = Math.max(last.day + 1, asOf - 399);
    const read = withUsage(readingsOf(rows, m.meterId, first, asOf));
    const before = rows
      .filter(
        (r) => r.meterId === m.meterId && r.remain !== null && r.day < last.day && r.day >= last.day - 31,
      )
      .sort((a, b) => a.day - b.day)
      .at(-1);
    const credit = before?.remain ?? null;
    const excess = sumOf(read) - (last.units + (credit ?? 0) + emergency);
    if (excess <= 0) return [];
    return [
      {
        meterId: m.meterId,
        purchaseEnergy: last.units / 10,
        creditBefore: credit === null ? null : credit / 10,
        energySince: sumOf(read) / 10,
        excessEnergy: excess / 10,
        readDays: read.length,
        missingDays: Math.max(0, asOf - first + 1) - read.length,
      },
    ];
  });
}

const anyFlag = (r: RawReading) => FLAGS.some((f) => r.flags[f]);

export function tamper(meters: RawMeter[], rows: RawReading[], from: number, to: number) {
  return meters.flatMap((m) => {
    const events = readingsOf(rows, m.meterId, from, to).filter(anyFlag);
    if (!events.length) return [];
    const first = Math.min(...events.map((r) => r.day));
    const before = withUsage(readingsOf(rows, m.meterId, first - TAMPER_BEFORE_DAYS, first - 1));
    const after = withUsage(readingsOf(rows, m.meterId, first + 1, to));
    const [b, bd, a, ad] = [sumOf(before), before.length, sumOf(after), after.length];
    const days = Object.fromEntries(FLAGS.map((f) => [`${f}Days`, events.filter((r) => r.flags[f]).length]));
    return [
      {
        meterId: m.meterId,
        first,
        last: Math.max(...events.map((r) => r.day)),
        eventDays: events.length,
        ...days,
        beforeDaily: bd > 0 ? round2(b, bd * 10) : null,
        afterDaily: ad > 0 ? round2(a, ad * 10) : null,
        dropPercent: bd > 0 && ad > 0 && b > 0 ? round2((b * ad - a * bd) * 100, b * ad) : null,
      },
    ];
  });
}

/** The range's daily average against the as long period before it. */
function consumptionDrop(rows: RawReading[], meterId: string, from: number, to: number) {
  const len = to - from + 1;
  const w = withUsage(readingsOf(rows, meterId, from, to));
  const p = withUsage(readingsOf(rows, meterId, from - len, from - 1));
  const [ws, wd, ps, pd] = [sumOf(w), w.length, sumOf(p), p.length];
  return pd > 0 && wd > 0 && ps > 0 ? round2((ps * wd - ws * pd) * 100, ps * wd) : null;
}

/** A transformer's loss over the complete days of the range (check meter and every customer read). */
export function transformerLoss(net: RawNetwork, rows: RawReading[], from: number, to: number) {
  let loss = 0;
  let check = 0;
  let complete = 0;
  for (let d = from; d <= to; d++) {
    const k = net.checkMeterId ? rows.find((r) => r.meterId === net.checkMeterId && r.day === d) : undefined;
    const cs = net.customers.map((id) =>
      rows.find((r) => r.meterId === id && r.day === d && r.usage !== null),
    );
    if (!k || k.usage === null || cs.some((c) => !c)) continue;
    const sum = cs.reduce((s, c) => s + (c?.usage ?? 0), 0);
    loss += k.usage - sum;
    check += k.usage;
    complete++;
  }
  return complete && check > 0 ? round2(loss * 100, check) : null;
}

export interface SuspectInput {
  meters: RawMeter[];
  rows: RawReading[];
  vends: RawVend[];
  network: RawNetwork[];
  from: number;
  to: number;
}

/** Each meter's points by finding, and its score; meters with none left out. */
export function suspects(s: SuspectInput) {
  const { meters, rows, vends, from, to } = s;
  const P = SUSPECT_POINTS;
  const L = SUSPECT_LIMITS;
  const tampers = tamper(meters, rows, from, to);
  const zero = zeroBuyers(meters, rows, vends, to, to - from + 1);
  const beyond = beyondCredit(meters, rows, vends, to, 0);
  return meters.flatMap((m) => {
    const tp = tampers.find((r) => r.meterId === m.meterId);
    const zb = zero.find((r) => r.meterId === m.meterId);
    const drop = consumptionDrop(rows, m.meterId, from, to);
    const net = s.network.find((n) => n.transformerId === m.transformerId);
    const loss = net ? transformerLoss(net, rows, from, to) : null;
    const points: Record<SuspectFinding, number> = {
      tamper: tp ? P.tamper : 0,
      tamperDrop:
        tp?.dropPercent !== null && tp?.dropPercent !== undefined && tp.dropPercent >= L.dropPercent
          ? P.tamperDrop
          : 0,
      beyondCredit: beyond.some((r) => r.meterId === m.meterId) ? P.beyondCredit : 0,
      zeroBuyerConsuming: zb?.state === 'consuming' ? P.zeroBuyerConsuming : 0,
      zeroBuyerSilent: zb?.state === 'silent' ? P.zeroBuyerSilent : 0,
      consumptionDrop: drop !== null && drop >= L.dropPercent ? P.consumptionDrop : 0,
      lossyTransformer:
        loss !== null && loss >= L.lossPercent
          ? Math.min(P.lossyTransformer, roundDiv(Math.round(loss * 100), 100))
          : 0,
    };
    const score = Object.values(points).reduce((a, b) => a + b, 0);
    if (score < 1) return [];
    const evidence = Object.fromEntries(Object.entries(points).filter(([, v]) => v > 0));
    return [{ meterId: m.meterId, score, evidence }];
  });
}
