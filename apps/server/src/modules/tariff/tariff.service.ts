import type { TariffCreateRequest, TariffReadRequest, TariffRow } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { toBasisPoints, toMinor, toTenths } from '../../kernel/money.js';
import {
  assertNoDuplicateKeys,
  checkWriteTarget,
  type RowLabels,
  RowProblems,
  stationsFor,
  type WriteAction,
} from '../../kernel/rows.js';
import { assertStation } from '../../kernel/station-guard.js';
import { parseDateTime } from '../../lib/dates.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import { tariffsInUse } from '../account/index.js';
import {
  deleteTariffs,
  insertTariff,
  loadTariffRecords,
  readTariffs,
  type StoredStep,
  toTariffRow,
  updateTariff,
} from './tariff.repo.js';

type Input = z.infer<typeof TariffCreateRequest>;
type StepInput = { start: string; end?: string | null; price: string };

/** Blocks must start at 0 and follow on without gaps or overlaps; only the last may be open-ended. */
export function parseSteps(steps: StepInput[], field: string, problem: (m: string) => void): StoredStep[] {
  const out = steps.map((s) => ({
    start: toTenths(s.start),
    end: s.end === null || s.end === undefined || s.end === '' ? null : toTenths(s.end),
    price: toMinor(s.price),
  }));
  out.forEach((s, i) => {
    const n = i + 1;
    if (i === 0 && s.start !== 0) problem(`${field}: the first step starts at 0`);
    if (i > 0 && s.start !== out[i - 1]?.end) problem(`${field}: step ${n} must start where step ${i} ends`);
    if (s.end !== null && s.end <= s.start) problem(`${field}: step ${n} ends before it starts`);
    if (s.end === null && i < out.length - 1) problem(`${field}: only the last step may be open-ended`);
  });
  return out;
}

function valuesOf(r: Input, problem: (m: string) => void) {
  const startTime = r.startTime ? parseDateTime(r.startTime) : null;
  const startTimeNew = r.startTime_New ? parseDateTime(r.startTime_New) : null;
  if (startTime && startTimeNew && startTimeNew <= startTime) {
    problem('startTime_New must be later than startTime');
  }
  const passive = startTimeNew !== null;
  return {
    tariffName: r.tariffName,
    priceMinor: toMinor(r.price),
    taxBp: toBasisPoints(r.tax),
    steps: parseSteps(r.steps, 'steps', problem),
    monthlyChargeMinor: toMinor(r.monthlyCharge),
    billingDay: r.billingDay,
    startTime,
    startTimeNew,
    priceMinorNew: passive && r.price_New ? toMinor(r.price_New) : null,
    taxBpNew: passive && r.tax_New ? toBasisPoints(r.tax_New) : null,
    stepsNew: passive && r.steps_New ? parseSteps(r.steps_New, 'steps_New', problem) : null,
    monthlyChargeMinorNew: passive && r.monthlyCharge_New ? toMinor(r.monthlyCharge_New) : null,
    billingDayNew: passive ? (r.billingDay_New ?? null) : null,
    remark: r.remark ?? null,
  };
}

async function write(deps: Deps, ctx: UserContext, rows: Input[], action: WriteAction, labels?: RowLabels) {
  const ids = rows.map((r) => r.tariffId);
  assertNoDuplicateKeys(ids, labels);
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const before = new Map((await loadTariffRecords(tx, ids)).map((t) => [t.tariffId, t]));
    const placed = await stationsFor(tx, ctx.user, rows, (r) => before.get(r.tariffId)?.stationId);
    const problems = new RowProblems();
    const planned = placed.map((r, i) => {
      const old = before.get(r.tariffId);
      const problem = (m: string) => problems.add(labels, i, `tariff ${r.tariffId}: ${m}`);
      checkWriteTarget(ctx.user, action, old, problem);
      return { tariffId: r.tariffId, values: { ...valuesOf(r, problem), stationId: r.stationId } };
    });
    const moving = placed.filter((r) => {
      const old = before.get(r.tariffId);
      return old && old.stationId !== r.stationId;
    });
    const used = await tariffsInUse(
      tx,
      moving.map((m) => m.tariffId),
    );
    for (const id of used) {
      problems.add(
        labels,
        ids.indexOf(id),
        `tariff ${id}: accounts use it; it cannot move to another station`,
      );
    }
    problems.throwIfAny();
    for (const { tariffId, values: v } of planned) {
      if (before.has(tariffId)) {
        await updateTariff(tx, tariffId, { ...v, updateId: ctx.user.userId, updateDate: now });
      } else {
        await insertTariff(tx, { tariffId, ...v, createId: ctx.user.userId, createDate: now });
      }
    }
    const after = (await loadTariffRecords(tx, ids)).map((t) => toTariffRow(t, now));
    for (const a of after) {
      const b = before.get(a.tariffId);
      await writeAudit(tx, ctx.actor, {
        title: 'Tariff',
        action,
        before: b ? toTariffRow(b, now) : undefined,
        after: a,
      });
    }
    return after;
  });
}

async function remove(deps: Deps, ctx: UserContext, keys: { tariffId: string }[]): Promise<TariffRow[]> {
  const unique = [...new Set(keys.map((k) => k.tariffId))];
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const before = await loadTariffRecords(tx, unique);
    const problems = new RowProblems();
    unique.forEach((id, i) => {
      if (!before.some((b) => b.tariffId === id)) problems.add(undefined, i, `tariff ${id}: not found`);
    });
    for (const b of before) assertStation(ctx.user, b.stationId);
    for (const id of await tariffsInUse(tx, unique)) {
      problems.add(undefined, unique.indexOf(id), `tariff ${id} is used by accounts; change them first`);
    }
    problems.throwIfAny('Nothing was deleted');
    await deleteTariffs(tx, unique);
    const rows = before.map((b) => toTariffRow(b, now));
    for (const b of rows) await writeAudit(tx, ctx.actor, { title: 'Tariff', action: 'Delete', before: b });
    return rows;
  });
}

function read(deps: Deps, req: TariffReadRequest, user: SessionUser) {
  return readTariffs(deps.database.db, req, user, deps.clock.now());
}

export function createTariffService(deps: Deps) {
  return withDeps(deps, { read, write, remove });
}
export type TariffService = ReturnType<typeof createTariffService>;
