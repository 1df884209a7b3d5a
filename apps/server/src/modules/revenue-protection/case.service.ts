import {
  CASE_OUTCOMES,
  CASE_STATUSES,
  type CaseCreateRequest,
  type CaseReadRequest,
  type CaseRow,
  type CaseUpdateRequest,
  IMAGE_MAX_BYTES,
} from '@prepay/contracts';
import type { Queryable } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { minorToString, toMinor } from '../../kernel/money.js';
import { checkEach } from '../../kernel/rows.js';
import { assertStation } from '../../kernel/station-guard.js';
import { notFound, refuse } from '../../lib/domain-errors.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { createDebtService, loadDebts } from '../debt/index.js';
import { checkPng } from '../image/index.js';
import {
  insertCases,
  insertPhoto,
  loadCases,
  meterOwners,
  openCaseMeters,
  photoOf,
  readCases,
  type StoredCase,
  storedCases,
  updateCase,
  userStations,
} from './case.repo.js';

const TITLE = 'Revenue Protection Case';
const status = (name: (typeof CASE_STATUSES)[number]) => CASE_STATUSES.indexOf(name);

/** An officer a case is given to: a user of the case's station, or of the head office, which serves all. */
async function assigneeProblems(q: Queryable, wanted: { userId: string; stationId: string }[]) {
  const found = await userStations(
    q,
    wanted.map((w) => w.userId),
  );
  return wanted.map(({ userId, stationId }) => {
    const u = found.find((f) => f.userId.toLowerCase() === userId.toLowerCase());
    if (!u) return `user ${userId} not found`;
    return u.stationId === stationId || u.everyStation ? null : `user ${userId} is in another station`;
  });
}

/** Opens cases: one per meter of the caller's station with no case open yet, each audited. */
async function create(deps: Deps, ctx: UserContext, rows: CaseCreateRequest[]): Promise<CaseRow[]> {
  const made = await deps.database.db.transaction(async (tx) => {
    const owners = await meterOwners(
      tx,
      rows.map((r) => r.meterId),
    );
    const open = await openCaseMeters(
      tx,
      owners.map((o) => o.meterId),
    );
    const ownerOf = (r: CaseCreateRequest) => owners.find((o) => o.meterId === r.meterId);
    const assignees = await assigneeProblems(
      tx,
      rows.flatMap((r) =>
        r.assignedTo ? [{ userId: r.assignedTo, stationId: ownerOf(r)?.stationId ?? '' }] : [],
      ),
    );
    const values = checkEach(
      rows,
      undefined,
      (r) => `meter ${r.meterId}`,
      (r, problem) => {
        const owner = ownerOf(r);
        if (!owner) return problem('not found');
        assertStation(ctx.user, owner.stationId);
        if (open.includes(owner.meterId)) problem('a case is already open on this meter');
        const assigned = r.assignedTo ? assignees.shift() : null;
        if (assigned) problem(assigned);
        return {
          meterId: owner.meterId,
          customerId: owner.customerId,
          source: r.source,
          reason: r.reason ?? null,
          status: r.assignedTo ? status('assigned') : status('open'),
          assignedTo: r.assignedTo ?? null,
          stationId: owner.stationId,
          remark: r.remark ?? null,
          createId: ctx.user.userId,
          createDate: deps.clock.now(),
        };
      },
    );
    const ids = await insertCases(
      tx,
      values.filter((v) => v !== undefined),
    );
    const after = await loadCases(tx, ids);
    for (const row of after) await writeAudit(tx, ctx.actor, { title: TITLE, action: 'Create', after: row });
    return ids;
  });
  return loadCases(deps.database.db, made);
}

type Step = CaseUpdateRequest;

/** What is wrong with taking `step` on the case as it stands (null: nothing). */
function stepProblem(c: StoredCase, step: Step): string | null {
  if (c.status === status('closed')) return 'the case is closed';
  if (step.step !== 'close') return null;
  if (c.outcome === null) return 'record the inspection before closing the case';
  const recovered = toMinor(step.recoveredAmount);
  if (recovered > 0 && c.outcome === CASE_OUTCOMES.indexOf('noFault'))
    return 'a case closed with no fault recovers nothing';
  if (recovered > 0 && !c.customerId) return 'the meter has no customer account to charge';
  return null;
}

/** The columns a step changes, and the name it is audited under. */
function stepValues(deps: Deps, c: StoredCase, step: Step) {
  const now = deps.clock.now();
  const remark = step.remark === undefined ? {} : { remark: step.remark ?? null };
  if (step.step === 'assign') {
    const next = c.status < status('assigned') ? status('assigned') : c.status;
    return { action: 'Assign', values: { assignedTo: step.assignedTo, status: next, ...remark } };
  }
  if (step.step === 'inspect') {
    const outcome = CASE_OUTCOMES.indexOf(step.outcome);
    const values = { findings: step.findings, outcome, inspectedDate: now, status: status('inspected') };
    return { action: 'Inspect', values: { ...values, ...remark } };
  }
  const recoveredMinor = toMinor(step.recoveredAmount);
  return {
    action: 'Close',
    values: { recoveredMinor, closedDate: now, status: status('closed'), ...remark },
  };
}

/**
 * The recovered amount joins what the customer already owes, through the debt module (audited there),
 * in the step's transaction: vending then recovers it by the tariff's debt percentage.
 */
async function chargeRecovered(deps: Deps, ctx: UserContext, tx: Queryable, c: StoredCase, minor: number) {
  if (minor <= 0 || !c.customerId) return;
  const [old] = await loadDebts(tx, [c.customerId]);
  const total = toMinor(old?.totalDebt ?? 0) + minor;
  const remark = old?.remark ?? `Revenue protection case ${c.caseId}`;
  const row = { customerId: c.customerId, totalDebt: minorToString(total), remark };
  await createDebtService(deps).write(ctx, [row], old ? 'Update' : 'Create', undefined, tx);
}

async function update(deps: Deps, ctx: UserContext, steps: Step[]): Promise<CaseRow[]> {
  const twice = steps.map((s) => s.caseId).filter((id, i, all) => all.indexOf(id) !== i);
  if (twice.length) throw refuse(`case ${twice[0]} is named twice; send one step per case`);
  const ids = steps.map((s) => s.caseId);
  await deps.database.db.transaction(async (tx) => {
    const stored = await storedCases(tx, ids);
    const assignees = await assigneeProblems(
      tx,
      steps.flatMap((s) =>
        s.step === 'assign'
          ? [{ userId: s.assignedTo, stationId: stored.find((c) => c.caseId === s.caseId)?.stationId ?? '' }]
          : [],
      ),
    );
    const cases = checkEach(
      steps,
      undefined,
      (s) => `case ${s.caseId}`,
      (s, problem) => {
        const c = stored.find((x) => x.caseId === s.caseId);
        if (!c) return problem('not found');
        assertStation(ctx.user, c.stationId);
        const wrong = stepProblem(c, s) ?? (s.step === 'assign' ? assignees.shift() : null);
        if (wrong) problem(wrong);
        return c;
      },
    );
    for (const [i, s] of steps.entries()) {
      const c = cases[i] as StoredCase;
      const { action, values } = stepValues(deps, c, s);
      const [before] = await loadCases(tx, [c.caseId]);
      await updateCase(tx, c.caseId, { ...values, updateId: ctx.user.userId, updateDate: deps.clock.now() });
      if (s.step === 'close') await chargeRecovered(deps, ctx, tx, c, toMinor(s.recoveredAmount));
      const [after] = await loadCases(tx, [c.caseId]);
      await writeAudit(tx, ctx.actor, { title: TITLE, action, before, after });
    }
  });
  return loadCases(deps.database.db, ids);
}

/** An inspection photo: a PNG of at most 2 MB (checked by its signature), on a case not yet closed. */
async function addPhoto(deps: Deps, ctx: UserContext, caseId: number, png: Buffer): Promise<CaseRow> {
  if (png.length > IMAGE_MAX_BYTES) throw refuse('The image is larger than 2 MB');
  checkPng(png);
  await deps.database.db.transaction(async (tx) => {
    const [c] = await storedCases(tx, [caseId]);
    if (!c) throw notFound(`case ${caseId}`);
    assertStation(ctx.user, c.stationId);
    if (c.status === status('closed')) throw refuse(`case ${caseId} is closed`);
    const photoId = await insertPhoto(tx, caseId, png, deps.clock.now());
    await writeAudit(tx, ctx.actor, {
      title: TITLE,
      action: 'AddPhoto',
      content: `case ${caseId}, photo ${photoId}, ${png.length} bytes`,
    });
  });
  const [row] = await loadCases(deps.database.db, [caseId]);
  if (!row) throw notFound(`case ${caseId}`);
  return row;
}

/** A photo's bytes for a reader of its case's station. */
async function photo(deps: Deps, user: SessionUser, photoId: number): Promise<Buffer> {
  const found = await photoOf(deps.database.db, photoId);
  if (!found) throw notFound(`photo ${photoId}`);
  assertStation(user, found.stationId);
  return found.png;
}

const read = onDatabase((q: Queryable, req: CaseReadRequest, user: SessionUser) => readCases(q, req, user));

/** Revenue-protection cases: opened on a suspect meter, assigned, inspected and closed, every step audited. */
export function createCaseService(deps: Deps) {
  return withDeps(deps, { read, create, update, addPhoto, photo });
}
export type CaseService = ReturnType<typeof createCaseService>;
