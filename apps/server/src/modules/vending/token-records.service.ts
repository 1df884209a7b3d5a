import type { TokenRecordReadRequest } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import type { SessionUser } from '../../lib/user-context.js';
import { smsOfRecords } from '../sms/index.js';
import { creditRecordOf, withCommunicationWay } from './records.js';
import { readRecords, type TokenKind, type TokenRecordRow } from './vending.repo.js';

/** The Token Record pages: one kind's records each, in the user's station. */
export function createTokenRecordService(deps: Deps) {
  const { db } = deps.database;
  return {
    read: <R>(kind: TokenKind, b: TokenRecordReadRequest, user: SessionUser, map: (r: TokenRecordRow) => R) =>
      readRecords(db, kind, b, user, map),
    /** Credit and cancel records carry the meter's CommunicationWay, joined in per page. */
    async readCredit(kind: 'credit' | 'creditCancel', b: TokenRecordReadRequest, user: SessionUser) {
      const found = await readRecords(db, kind, b, user, (r) => ({ id: r.id, view: creditRecordOf(r) }));
      const sms = await smsOfRecords(
        db,
        found.data.map((r) => r.id),
      );
      const data = found.data.map(({ id, view }) => {
        const s = sms.get(id);
        return s ? { ...view, smsTo: s.destination, smsState: s.state } : view;
      });
      return { total: found.total, data: await withCommunicationWay(db, data) };
    },
    withCommunicationWay: <T extends { meterId: string }>(rows: T[]) => withCommunicationWay(db, rows),
  };
}

export type TokenRecordService = ReturnType<typeof createTokenRecordService>;
