import type {
  ChangeMeterKeyRecord,
  ManagementTokenRecord,
  UpdateMeterKeyRequest,
  UpdateMeterKeyResult,
} from '@prepay/contracts';
import {
  allocateTid,
  checkVendorProfile,
  encodeClearCredit,
  encodeClearTamper,
  encodeKeyChange,
  encodeSetMaximumOverdraft,
  encodeSetMaximumPhasePowerUnbalanceLimit,
  encodeSetMaximumPowerLimit,
  type VendorOverdraftProfile,
} from '@prepay/sts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { meters } from '../../db/schema.js';
import { meterTokenState, pendingMeterKeys, type TokenKind, tokenRecords } from '../../db/schema-vending.js';
import type { Deps } from '../../deps.js';
import { invalid, refuse } from '../../http/errors.js';
import type { AuthedContext } from '../../http/route.js';
import { writeAudit } from '../audit/audit.js';
import { createKeyCipher, loadKeyEncryptionKey } from '../keystore/key-cipher.js';
import { keyStoreOf } from '../keystore/key-store.js';
import { loadMeters, toMeterRow } from '../meter/meter.repo.js';
import { meterPanOf } from '../meter/meter.service.js';
import { keyChangeRecordOf, managementRecordOf } from './records.js';
import { insertRecord, lockMeterTokenState, nextReceiptId, saveLastTid } from './vending.repo.js';
import { requireVendable, stsRefusal } from './vending-guards.js';

type TidKind = Exclude<TokenKind, 'credit' | 'creditCancel' | 'changeKey'>;

/** Class 2 encoders by record kind; `value` is W for the limits and the profile's unit for overdraft. */
function encoderFor(kind: TidKind, profile: VendorOverdraftProfile | undefined) {
  return (decoderKey: string, tid: number, value: number): { token: string; subclass: number } => {
    switch (kind) {
      case 'clearCredit':
        return { token: encodeClearCredit({ decoderKey, tid, register: 0xffff }), subclass: 1 };
      case 'clearTamper':
        return { token: encodeClearTamper({ decoderKey, tid }), subclass: 5 };
      case 'maxPower':
        return { token: encodeSetMaximumPowerLimit({ decoderKey, tid, watts: value }), subclass: 0 };
      case 'maxPhaseUnbalance':
        return {
          token: encodeSetMaximumPhasePowerUnbalanceLimit({ decoderKey, tid, watts: value }),
          subclass: 6,
        };
      case 'maxOverdraft': {
        const p = checkVendorProfile(profile);
        return {
          token: encodeSetMaximumOverdraft({ decoderKey, tid, value, profile: p }),
          subclass: p.subclass,
        };
      }
    }
  };
}

const TITLES: Record<TidKind | 'changeKey', string> = {
  clearCredit: 'Clear Credit Token',
  clearTamper: 'Clear Tamper Token',
  maxPower: 'Set Maximum Power Limit Token',
  maxPhaseUnbalance: 'Set Maximum Phase Power Unbalance Limit Token',
  maxOverdraft: 'Set Maximum Overdraft Token',
  changeKey: 'Change Meter Key Token',
};

export function createManagementTokenService(
  deps: Deps,
  checkAuthorizationPassword: (u: string, p: string) => Promise<void>,
) {
  const { db } = deps.database;
  const { clock, config } = deps;

  /** Management tokens: one TID each, from the meter's decoder key, recorded and audited in one transaction. */
  async function issue(
    ctx: AuthedContext,
    kind: TidKind,
    meterId: string,
    value: number,
    remark?: string | null,
  ) {
    const v = await requireVendable(db, ctx, meterId);
    const profile =
      kind === 'maxOverdraft' ? config.overdraftProfiles[v.meter.protocolVersion ?? ''] : undefined;
    if (kind === 'maxOverdraft' && !profile) {
      throw refuse(
        `"Set maximum overdraft" is not an STS token: no vendor profile is configured for meter model "${v.meter.protocolVersion ?? ''}" (STS_OVERDRAFT_PROFILES)`,
      );
    }
    const encode = encoderFor(kind, profile);
    const keyStore = await keyStoreOf(deps);
    const row = await db.transaction(async (tx) => {
      const lastTid = await lockMeterTokenState(tx, meterId);
      const key = await keyStore.on(tx).decoderKeyFor(meterId);
      const now = clock.now();
      let tid: number;
      let encoded: { token: string; subclass: number };
      try {
        tid = allocateTid({ at: now, baseYear: key.baseYear, lastTid, ken: v.meter.ken ?? undefined });
        encoded = encode(key.decoderKey, tid, value);
      } catch (err) {
        throw stsRefusal(err);
      }
      await saveLastTid(tx, meterId, tid, now);
      const record = await insertRecord(tx, {
        kind,
        receiptId: await nextReceiptId(tx, kind),
        meterId,
        meterType: v.meter.type,
        customerId: v.customer.customerId,
        customerName: v.customer.customerName,
        customerAddress: v.customer.address,
        tariffId: v.tariff.tariffId,
        tariffName: v.tariff.tariffName,
        stationId: v.meter.stationId,
        token: encoded.token,
        tid,
        tokenClass: 2,
        subclass: encoded.subclass,
        value: kind === 'clearCredit' || kind === 'clearTamper' ? null : value,
        remark: remark ?? null,
        createId: ctx.user.userId,
        createDate: now,
      });
      await writeAudit(tx, ctx.actor, {
        title: TITLES[kind],
        action: 'Generate',
        after: managementRecordOf(record),
      });
      return record;
    });
    return managementRecordOf(row) satisfies ManagementTokenRecord;
  }

  let cipher: ReturnType<typeof createKeyCipher> | undefined;
  const pendingCipher = async () => {
    cipher ??= createKeyCipher(await loadKeyEncryptionKey({ dataDir: config.dataDir }));
    return cipher;
  };

  /** Sets the meter's "new" key fields (and a hand-given new key) for the next key change. */
  async function updateMeterKey(ctx: AuthedContext, rows: z.infer<typeof UpdateMeterKeyRequest>[]) {
    const seal = await pendingCipher();
    return db.transaction(async (tx) => {
      for (const r of rows) {
        const [before] = await tx.select().from(meters).where(eq(meters.meterId, r.meterId));
        if (!before) throw refuse(`Meter ${r.meterId} not found`);
        if (!ctx.user.isSystemAdmin && before.stationId !== ctx.user.stationId) {
          throw refuse(`Meter ${r.meterId} belongs to another station`);
        }
        const set = {
          sgcNew: r.sgcNew,
          krnNew: r.krnNew,
          kenNew: r.kenNew,
          tiNew: r.tiNew,
          ktNew: r.ktNew,
          baseYearNew: r.baseYearNew,
          updateId: ctx.user.userId,
          updateDate: clock.now(),
        };
        await tx.update(meters).set(set).where(eq(meters.meterId, r.meterId));
        await tx.delete(pendingMeterKeys).where(eq(pendingMeterKeys.meterId, r.meterId));
        if (r.decoderKeyNew) {
          const expected = before.ea === '11' ? 32 : 16;
          if (r.decoderKeyNew.length !== expected) {
            throw refuse(`Meter ${r.meterId} uses EA${before.ea}: its new key is ${expected} hex digits`);
          }
          await tx.insert(pendingMeterKeys).values({
            meterId: r.meterId,
            keyEnc: seal.seal(r.decoderKeyNew.toUpperCase(), `pending:${r.meterId}`),
          });
        }
        const result = { meterId: r.meterId, ...set };
        const { updateId: _u, updateDate: _d, ...after } = result;
        await writeAudit(tx, ctx.actor, {
          title: 'Update Meter Key',
          action: 'Update',
          before: {
            sgcNew: before.sgcNew,
            krnNew: before.krnNew,
            kenNew: before.kenNew,
            tiNew: before.tiNew,
            ktNew: before.ktNew,
            baseYearNew: before.baseYearNew,
          },
          after: { ...after, newKeyGiven: Boolean(r.decoderKeyNew) },
        });
      }
      const updated = await loadMeters(
        tx,
        rows.map((r) => r.meterId),
      );
      return updated.map(toMeterRow) satisfies z.infer<typeof UpdateMeterKeyResult>[];
    });
  }

  /** The new decoder key: the one given by hand, else derived from the vending key of the new SGC/KRN. */
  async function newKeyOf(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    meter: typeof meters.$inferSelect,
  ) {
    const [pending] = await tx
      .select()
      .from(pendingMeterKeys)
      .where(eq(pendingMeterKeys.meterId, meter.meterId));
    if (pending) return (await pendingCipher()).open(pending.keyEnc, `pending:${meter.meterId}`);
    const pan = meterPanOf(meter.meterId);
    if (!pan) throw refuse(`No new key for meter ${meter.meterId}: give one in Update Meter Key`);
    const store = (await keyStoreOf(deps)).on(tx);
    try {
      return await store.deriveDecoderKey({
        meterPAN: pan,
        sgc: meter.sgcNew!,
        krn: meter.krnNew!,
        kt: meter.ktNew!,
        ti: meter.tiNew!,
        ea: meter.ea as '07' | '11',
      });
    } catch (err) {
      throw stsRefusal(err);
    }
  }

  /** Two tokens (four for EA11) that carry the new key, each encrypted under the current key. */
  async function changeMeterKey(
    ctx: AuthedContext,
    meterId: string,
    authorizationPassword: string | null | undefined,
    remark?: string | null,
  ) {
    if (authorizationPassword) {
      await checkAuthorizationPassword(ctx.user.userId, authorizationPassword);
    } else if (config.keyChangeRequiresAuthorization) {
      throw invalid('The authorization password is required', [
        { path: 'authorizationPassword', message: 'The authorization password is required' },
      ]);
    }
    const v = await requireVendable(db, ctx, meterId);
    const m = v.meter;
    if (
      m.sgcNew === null ||
      m.krnNew === null ||
      m.kenNew === null ||
      m.tiNew === null ||
      m.ktNew === null ||
      m.baseYearNew === null
    ) {
      throw refuse(`Set the new key of meter ${meterId} first (Update Meter Key)`);
    }
    const keyStore = await keyStoreOf(deps);
    const row = await db.transaction(async (tx) => {
      await lockMeterTokenState(tx, meterId);
      const current = await keyStore.on(tx).decoderKeyFor(meterId);
      const newKey = await newKeyOf(tx, m);
      let tokens: string[];
      try {
        tokens = encodeKeyChange({
          currentDecoderKey: current.decoderKey,
          newDecoderKey: newKey,
          newKEN: m.kenNew!,
          newKRN: m.krnNew!,
          // A later base date rolls the meter's TID memory over.
          RO: m.baseYearNew! > current.baseYear ? 1 : 0,
          newKT: m.ktNew!,
          newTI: m.tiNew!,
          sgc: m.sgcNew!,
        });
      } catch (err) {
        throw stsRefusal(err);
      }
      const now = clock.now();
      const record = await insertRecord(tx, {
        kind: 'changeKey',
        receiptId: await nextReceiptId(tx, 'changeKey'),
        meterId,
        meterType: m.type,
        customerId: v.customer.customerId,
        customerName: v.customer.customerName,
        customerAddress: v.customer.address,
        tariffId: v.tariff.tariffId,
        tariffName: v.tariff.tariffName,
        stationId: m.stationId,
        token: tokens[0]!,
        tokens,
        tokenClass: 2,
        subclass: 3,
        keyChange: {
          sgc: m.sgcNew!,
          krn: m.krnNew!,
          ken: m.kenNew!,
          ti: m.tiNew!,
          kt: m.ktNew!,
          baseYear: m.baseYearNew!,
        },
        confirmed: false,
        remark: remark ?? null,
        createId: ctx.user.userId,
        createDate: now,
      });
      await writeAudit(tx, ctx.actor, {
        title: TITLES.changeKey,
        action: 'Generate',
        after: keyChangeRecordOf(record),
      });
      return record;
    });
    return keyChangeRecordOf(row) satisfies z.infer<typeof ChangeMeterKeyRecord>;
  }

  /**
   * The meter took the key change: the new fields and key become current. Until then every token still
   * uses the old key, so a lost key-change token never strands a meter.
   */
  async function confirmKeyChange(ctx: AuthedContext, receiptId: number) {
    const keyStore = await keyStoreOf(deps);
    const row = await db.transaction(async (tx) => {
      const [r] = await tx
        .select()
        .from(tokenRecords)
        .where(and(eq(tokenRecords.kind, 'changeKey'), eq(tokenRecords.receiptId, receiptId)))
        .for('update');
      if (!r) throw refuse(`Key change record ${receiptId} not found`);
      if (!ctx.user.isSystemAdmin && r.stationId !== ctx.user.stationId) {
        throw refuse(`Key change record ${receiptId} belongs to another station`);
      }
      if (r.confirmed) throw refuse(`Key change record ${receiptId} is already confirmed`);
      const [m] = await tx.select().from(meters).where(eq(meters.meterId, r.meterId));
      if (!m) throw refuse(`Meter ${r.meterId} not found`);
      const k = r.keyChange as {
        sgc: string;
        krn: number;
        ken: number;
        ti: number;
        kt: number;
        baseYear: number;
      };
      const newKey = await newKeyOf(tx, {
        ...m,
        sgcNew: k.sgc,
        krnNew: k.krn,
        kenNew: k.ken,
        tiNew: k.ti,
        ktNew: k.kt,
        baseYearNew: k.baseYear,
      });
      const now = clock.now();
      await keyStore.on(tx).putDecoderKey({
        meterId: m.meterId,
        decoderKey: newKey,
        sgc: k.sgc,
        krn: k.krn,
        kt: k.kt,
        ti: k.ti,
        ken: k.ken,
        baseYear: k.baseYear as 1993 | 2014 | 2035,
        ea: m.ea,
      });
      await tx
        .update(meters)
        .set({
          sgc: k.sgc,
          krn: k.krn,
          ken: k.ken,
          ti: k.ti,
          kt: k.kt,
          baseYear: k.baseYear,
          sgcNew: null,
          krnNew: null,
          kenNew: null,
          tiNew: null,
          ktNew: null,
          baseYearNew: null,
          updateId: ctx.user.userId,
          updateDate: now,
        })
        .where(eq(meters.meterId, m.meterId));
      await tx.delete(pendingMeterKeys).where(eq(pendingMeterKeys.meterId, m.meterId));
      // On a new base date the meter forgets its TIDs (RO); our memory of the last one goes with it.
      if (k.baseYear !== m.baseYear) {
        await tx
          .update(meterTokenState)
          .set({ lastTid: null, updateDate: now })
          .where(eq(meterTokenState.meterId, m.meterId));
      }
      const [after] = await tx
        .update(tokenRecords)
        .set({ confirmed: true, updateId: ctx.user.userId, updateDate: now })
        .where(eq(tokenRecords.id, r.id))
        .returning();
      await writeAudit(tx, ctx.actor, {
        title: TITLES.changeKey,
        action: 'Confirm',
        before: {
          meterId: m.meterId,
          sgc: m.sgc,
          krn: m.krn,
          ken: m.ken,
          ti: m.ti,
          kt: m.kt,
          baseYear: m.baseYear,
        },
        after: { meterId: m.meterId, ...k },
      });
      return after!;
    });
    return keyChangeRecordOf(row);
  }

  return { issue, updateMeterKey, changeMeterKey, confirmKeyChange };
}
