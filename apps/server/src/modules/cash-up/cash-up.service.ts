import type { CashUpRequest, ExportLanguage, RecordTotals, TokenRecordReadRequest } from '@prepay/contracts';
import type { Deps } from '../../deps.js';

import type { SessionUser, UserContext } from '../../lib/user-context.js';
import { writeAudit } from '../audit/audit.js';
import { money, tenths } from '../meter-data/units.js';
import { recordConditions } from '../vending/index.js';
import { cashUpWorkbook } from './cash-up.export.js';
import { cashUpOf } from './cash-up.js';
import { cashUpCells, recordTotals } from './cash-up.repo.js';

/** Shift and day cash-up, and the totals row of the credit record pages. */
export function createCashUpService(deps: Deps) {
  const { db } = deps.database;

  /** One sum over every record the page's filter matches. */
  async function totals(
    kind: 'credit' | 'creditCancel',
    b: TokenRecordReadRequest,
    user: SessionUser,
  ): Promise<RecordTotals> {
    const r = await recordTotals(db, recordConditions(kind, b, user));
    return {
      count: r.count,
      totalUnit: tenths(r.units) ?? 0,
      totalPaid: money(r.totalPaidMinor),
      energyCharge: money(r.energyMinor),
      tax: money(r.taxMinor),
      monthlyCharge: money(r.monthlyChargeMinor),
      payDebt: money(r.payDebtMinor),
      cancelledCount: r.cancelledCount,
      cancelledTotalPaid: money(r.cancelledPaidMinor),
    };
  }

  async function cashUp(b: CashUpRequest, user: SessionUser) {
    const station = user.isSystemAdmin ? (b.stationId ?? null) : user.stationId;
    return cashUpOf(b, station, await cashUpCells(db, b, user));
  }

  /** The cash-up as a workbook in the asked language; the export is audited. */
  async function exportCashUp(b: CashUpRequest, ctx: UserContext, lang: ExportLanguage) {
    const result = await cashUp(b, ctx.user);
    const file = await cashUpWorkbook(result, lang);
    await writeAudit(db, ctx.actor, {
      title: 'Cash-up',
      action: 'Export',
      content: `${b.from}..${b.to}: ${result.total.count} vends`,
    });
    return file;
  }

  return { totals, cashUp, exportCashUp };
}

export type CashUpService = ReturnType<typeof createCashUpService>;
