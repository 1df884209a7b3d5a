import { VendingKeyRef, VendingKeyRequest, VendingKeyRow, writeBody } from '@prepay/contracts';
import type { BaseYear } from '@prepay/sts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { forbidden, refuse } from '../../http/errors.js';
import { type AuthedContext, defineRoute, type RouteDef } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import { writeAudit } from '../audit/audit.js';
import { keyStoreOf } from './key-store.js';

const tag = 'KeyStore';
const permission = 'Management.Meter' as const;

/** Vending keys serve every station: only system administrators load or remove them. */
function assertSystemAdmin(ctx: AuthedContext) {
  if (!ctx.user.isSystemAdmin) throw forbidden('Only a system administrator manages vending keys');
}

export function keyStoreRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  const list = async () =>
    (await (await keyStoreOf(deps)).listVendingKeys()).map((k) => ({
      sgc: k.sgc,
      krn: k.krn,
      dkga: k.dkga,
      baseYear: k.baseYear,
      label: k.label ?? null,
      createId: k.createId,
      createDate: formatDateTime(k.createDate),
    }));
  return [
    defineRoute({
      path: '/api/keystore/vendingKey/read',
      permission,
      tag,
      summary: 'List vending keys (never the keys themselves)',
      body: z.object({}).passthrough(),
      result: z.array(VendingKeyRow),
      handler: list,
    }),
    defineRoute({
      path: '/api/keystore/vendingKey/create',
      permission,
      tag,
      summary: 'Load vending keys (write-only; replaces the key of the same SGC/KRN)',
      body: writeBody(VendingKeyRequest),
      result: z.array(VendingKeyRow),
      handler: async (rows, ctx) => {
        assertSystemAdmin(ctx);
        for (const r of rows) {
          const digits = r.dkga === '02' ? 16 : 40;
          if (r.vendingKey.length !== digits) {
            throw refuse(`SGC ${r.sgc} KRN ${r.krn}: a DKGA${r.dkga} vending key is ${digits} hex digits`);
          }
        }
        const store = await keyStoreOf(deps);
        await db.transaction(async (tx) => {
          const keys = store.on(tx);
          for (const r of rows) {
            await keys.putVendingKey({
              sgc: r.sgc,
              krn: r.krn,
              dkga: r.dkga,
              key: r.vendingKey,
              baseYear: r.baseYear as BaseYear,
              label: r.label ?? undefined,
              createId: ctx.user.userId,
            });
            const { vendingKey: _secret, ...info } = r;
            await writeAudit(tx, ctx.actor, { title: 'VendingKey', action: 'Create', after: info });
          }
        });
        const all = await list();
        return all.filter((k) => rows.some((r) => r.sgc === k.sgc && r.krn === k.krn));
      },
    }),
    defineRoute({
      path: '/api/keystore/vendingKey/delete',
      permission,
      tag,
      summary: 'Remove vending keys (decoder keys already stored stay)',
      body: writeBody(VendingKeyRef),
      result: z.array(VendingKeyRow),
      handler: async (rows, ctx) => {
        assertSystemAdmin(ctx);
        const before = await list();
        const gone = before.filter((k) => rows.some((r) => r.sgc === k.sgc && r.krn === k.krn));
        if (gone.length !== rows.length) throw refuse('Vending key not found');
        const store = await keyStoreOf(deps);
        await db.transaction(async (tx) => {
          for (const g of gone) {
            await store.on(tx).deleteVendingKey(g);
            await writeAudit(tx, ctx.actor, { title: 'VendingKey', action: 'Delete', before: g });
          }
        });
        return gone;
      },
    }),
  ];
}
