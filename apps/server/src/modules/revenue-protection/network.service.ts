import type {
  FeederReadRequest,
  FeederRow,
  FeederWriteRequest,
  TransformerReadRequest,
  TransformerRow,
  TransformerWriteRequest,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { keptFieldSaves, type StationBatch, stationRowsWriter } from '../../kernel/batch-write.js';
import { keepEach, stationRowsRemover } from '../../kernel/rows.js';
import { assertStation } from '../../kernel/station-guard.js';
import { notFound, refuse } from '../../lib/domain-errors.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import {
  feederTable,
  loadFeeders,
  loadTransformers,
  meterCounts,
  meterStations,
  readFeeders,
  readTransformers,
  storedFeeder,
  storedTransformer,
  transformerCounts,
  transformerMeterPoints,
  transformerTable,
} from './network.repo.js';

const writeFeeders = stationRowsWriter(
  feederTable,
  'feederId',
  'feeder',
  async (_tx, batch: StationBatch<FeederWriteRequest, FeederRow>) =>
    keptFieldSaves(batch, 'feederId', ['feederName', 'remark'], storedFeeder),
);

/** A transformer's feeder and check meter are of its own station. */
const writeTransformers = stationRowsWriter(
  transformerTable,
  'transformerId',
  'transformer',
  async (tx, batch: StationBatch<TransformerWriteRequest, TransformerRow>) => {
    const { before, placed, checkLines } = batch;
    const values = placed.map((r) => {
      const old = before.get(r.transformerId);
      return {
        ...keepEach(r, old, ['transformerName', 'feederId', 'checkMeterId', 'capacityKva', 'remark']),
        stationId: r.stationId,
      };
    });
    const feederIds = values.flatMap((v) => (v.feederId ? [v.feederId] : []));
    const meterIds = values.flatMap((v) => (v.checkMeterId ? [v.checkMeterId] : []));
    const feederAt = new Map((await loadFeeders(tx, feederIds)).map((f) => [f.feederId, f.stationId]));
    const meterAt = new Map((await meterStations(tx, meterIds)).map((m) => [m.id, m.stationId]));
    checkLines((_r, problem, i) => {
      const v = values[i];
      if (!v) return;
      checkPlace(
        problem,
        'feeder',
        v.feederId,
        v.feederId ? feederAt.get(v.feederId) : undefined,
        v.stationId,
      );
      checkPlace(
        problem,
        'check meter',
        v.checkMeterId,
        v.checkMeterId ? meterAt.get(v.checkMeterId) : undefined,
        v.stationId,
      );
    });
    return placed.map((r, i) => ({
      stored: before.has(r.transformerId) ? storedTransformer(r.transformerId) : undefined,
      values: values[i] as NonNullable<(typeof values)[number]>,
      key: { transformerId: r.transformerId },
    }));
  },
);

function checkPlace(
  problem: (m: string) => void,
  what: string,
  id: string | null,
  foundAt: string | undefined,
  stationId: string,
) {
  if (!id) return;
  if (foundAt === undefined) problem(`${what} ${id} not found`);
  else if (foundAt !== stationId) problem(`${what} ${id} is in another station`);
}

/** A delete refused while any of the rows still has what `countsOf` counts under it (`sentence` says what). */
function removeUnlessUsed<F extends string, R>(
  field: F,
  countsOf: (q: Deps['database']['db'], ids: string[]) => Promise<Map<string, number>>,
  remove: (deps: Deps, ctx: UserContext, keys: Record<F, string>[]) => Promise<R[]>,
  sentence: (ids: string) => string,
) {
  return async (deps: Deps, ctx: UserContext, keys: Record<F, string>[]) => {
    const counts = await countsOf(
      deps.database.db,
      keys.map((k) => k[field]),
    );
    const used = [...counts.entries()].filter(([, n]) => n > 0).map(([id]) => id);
    if (used.length) throw refuse(sentence(used.join(', ')));
    return remove(deps, ctx, keys);
  };
}

/** A feeder still supplying transformers stays: they would lose their place in the network. */
const removeFeeders = removeUnlessUsed(
  'feederId',
  transformerCounts,
  stationRowsRemover(feederTable, 'feederId', 'feeder'),
  (ids) => `feeder ${ids} still has transformers; move them first`,
);

/** A transformer still supplying meters stays: its energy balance would lose them. */
const removeTransformers = removeUnlessUsed(
  'transformerId',
  meterCounts,
  stationRowsRemover(transformerTable, 'transformerId', 'transformer'),
  (ids) => `transformer ${ids} still supplies meters; move them first`,
);

async function readMap(deps: Deps, user: SessionUser, transformerId: string) {
  const [t] = await loadTransformers(deps.database.db, [transformerId]);
  if (!t) throw notFound(`transformer ${transformerId}`);
  assertStation(user, t.stationId);
  return transformerMeterPoints(deps.database.db, t);
}

const readFeederPage = (deps: Deps, req: FeederReadRequest, user: SessionUser) =>
  readFeeders(deps.database.db, req, user);
const readTransformerPage = (deps: Deps, req: TransformerReadRequest, user: SessionUser) =>
  readTransformers(deps.database.db, req, user);

export function createFeederService(deps: Deps) {
  return withDeps(deps, { read: readFeederPage, write: writeFeeders, remove: removeFeeders });
}
export type FeederService = ReturnType<typeof createFeederService>;

export function createTransformerService(deps: Deps) {
  return withDeps(deps, {
    read: readTransformerPage,
    write: writeTransformers,
    remove: removeTransformers,
    readMap,
  });
}
export type TransformerService = ReturnType<typeof createTransformerService>;
