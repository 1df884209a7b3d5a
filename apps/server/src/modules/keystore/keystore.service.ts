import type {
  TransportKeyRow,
  VendingKeyExpiryRequest,
  VendingKeyGenerateRequest,
  VendingKeyImportRequest,
  VendingKeyRef as VendingKeyRefBody,
  VendingKeyRequest,
} from '@prepay/contracts';
import type { BaseYear } from '@prepay/sts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { assertSystemAdmin } from '../../kernel/station-guard.js';
import { formatDateTime } from '../../lib/dates.js';
import { refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { keyStoreOf, type StoredVendingKeyInfo } from './key-store.repo.js';
import { type TransportKeyRow as StoredTransportKey, VENDING_KEY_BYTES } from './transport-key.repo.js';

/** Vending keys serve every station: only system administrators load or remove them. */
const ADMIN_ONLY = 'Only a system administrator manages vending keys';

/** Every vending key's identity and check value — never the key. */
async function listKeys(deps: Deps) {
  return (await (await keyStoreOf(deps)).listVendingKeys()).map((k) => ({
    sgc: k.sgc,
    krn: k.krn,
    dkga: k.dkga,
    baseYear: k.baseYear,
    label: k.label ?? null,
    checkValue: k.checkValue,
    expiresOn: k.expiresOn,
    ken: k.ken,
    createId: k.createId,
    createDate: formatDateTime(k.createDate),
  }));
}

/** The listed keys the request rows name: what each change answers. */
async function keysNamed(deps: Deps, rows: readonly { sgc: string; krn: number }[]) {
  const all = await listKeys(deps);
  return all.filter((k) => rows.some((r) => r.sgc === k.sgc && r.krn === k.krn));
}

/** A request row's key identity and attributes as the key store takes them, with who stored the key. */
const storedKeyInfo = (
  r: z.infer<typeof VendingKeyGenerateRequest>,
  ctx: UserContext,
): StoredVendingKeyInfo => ({
  sgc: r.sgc,
  krn: r.krn,
  dkga: r.dkga,
  baseYear: r.baseYear as BaseYear,
  label: r.label ?? undefined,
  expiresOn: r.expiresOn ?? null,
  createId: ctx.user.userId,
});

/** Refuses an expiry day the key's base date cannot express (before the base date itself). */
function checkExpiry(r: { sgc: string; krn: number; baseYear: number; expiresOn?: string | null }) {
  const baseDate = `${r.baseYear}-01-01`;
  if (r.expiresOn && r.expiresOn < baseDate) {
    throw refuse(
      `SGC ${r.sgc} KRN ${r.krn}: the key expiry ${r.expiresOn} is before the base date ${baseDate}`,
    );
  }
}

/** Sets or removes vending keys' expiry days, all or nothing, each audited with the day before and after. */
async function setExpiry(deps: Deps, ctx: UserContext, rows: z.infer<typeof VendingKeyExpiryRequest>[]) {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  const before = await listKeys(deps);
  const changed = rows.map((r) => {
    const key = before.find((k) => k.sgc === r.sgc && k.krn === r.krn);
    if (!key) throw refuse(`Vending key not found: SGC ${r.sgc} KRN ${r.krn}`);
    checkExpiry({ ...r, baseYear: key.baseYear });
    return { r, was: key.expiresOn };
  });
  const store = await keyStoreOf(deps);
  await deps.database.db.transaction(async (tx) => {
    for (const { r, was } of changed) {
      await store.on(tx).setVendingKeyExpiry(r, r.expiresOn);
      const ref = { sgc: r.sgc, krn: r.krn };
      await writeAudit(tx, ctx.actor, {
        title: 'VendingKey',
        action: 'SetExpiry',
        before: { ...ref, expiresOn: was },
        after: { ...ref, expiresOn: r.expiresOn },
      });
    }
  });
  return keysNamed(deps, rows);
}

/**
 * Has the vault generate new vending keys (the key ceremony inside the module): nobody types or sees
 * them. A generated key never replaces a loaded one, since meters' decoder keys were derived from it.
 */
async function generateKeys(deps: Deps, ctx: UserContext, rows: z.infer<typeof VendingKeyGenerateRequest>[]) {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  rows.forEach(checkExpiry);
  const store = await keyStoreOf(deps);
  // The insert itself refuses an SGC/KRN in place, so two generations at once cannot replace each other.
  await deps.database.db.transaction(async (tx) => {
    for (const r of rows) {
      if (!(await store.on(tx).generateVendingKey(storedKeyInfo(r, ctx)))) {
        throw refuse(
          `SGC ${r.sgc} KRN ${r.krn} already has a vending key; remove it before generating a new one`,
        );
      }
      await writeAudit(tx, ctx.actor, { title: 'VendingKey', action: 'Generate', after: r });
    }
  });
  return keysNamed(deps, rows);
}

const transportRow = (r: StoredTransportKey): TransportKeyRow => ({
  fingerprint: r.fingerprint,
  publicKeyPem: r.publicKeyPem,
  createId: r.createId,
  createDate: formatDateTime(r.createDate),
});

/** A transport key pair made by the vault; its public half is what a key supplier wraps with. */
async function generateTransportKey(deps: Deps, ctx: UserContext): Promise<TransportKeyRow> {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  const store = await keyStoreOf(deps);
  return deps.database.db.transaction(async (tx) => {
    const row = await store.on(tx).transportKeys().generate(ctx.user.userId);
    await writeAudit(tx, ctx.actor, {
      title: 'TransportKey',
      action: 'Generate',
      after: { fingerprint: row.fingerprint },
    });
    return transportRow(row);
  });
}

type ImportRow = z.infer<typeof VendingKeyImportRequest>;

/** Unwraps one imported key inside the vault and checks it is the key its supplier says, else refuses. */
async function unwrapChecked(store: Awaited<ReturnType<typeof keyStoreOf>>, r: ImportRow) {
  const transports = store.transportKeys();
  const transport = await transports.byFingerprint(r.transportKey);
  if (!transport)
    throw refuse(`SGC ${r.sgc} KRN ${r.krn}: no transport key has the fingerprint ${r.transportKey}`);
  const key = { context: store.vendingKeyContext(r), dkga: r.dkga, baseYear: r.baseYear as BaseYear };
  const opened = await transports.unwrapVendingKey(transport, Buffer.from(r.wrappedKey, 'base64'), key);
  if (!opened)
    throw refuse(
      `SGC ${r.sgc} KRN ${r.krn}: the wrapped key does not open with that transport key (wrapped for another, or damaged)`,
    );
  if (opened.bytes !== VENDING_KEY_BYTES[r.dkga])
    throw refuse(
      `SGC ${r.sgc} KRN ${r.krn}: the unwrapped key is ${opened.bytes} bytes; a DKGA${r.dkga} vending key is ${VENDING_KEY_BYTES[r.dkga]}`,
    );
  if (opened.checkValue.toUpperCase() !== r.checkValue.toUpperCase())
    throw refuse(
      `SGC ${r.sgc} KRN ${r.krn}: the unwrapped key is not the key its check value names; nothing was stored`,
    );
  return opened.sealed;
}

/** Imports wrapped vending keys, all or nothing: each unwrapped by the vault, checked, stored, audited. */
async function importWrapped(deps: Deps, ctx: UserContext, rows: ImportRow[]) {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  rows.forEach(checkExpiry);
  const store = await keyStoreOf(deps);
  await deps.database.db.transaction(async (tx) => {
    const keys = store.on(tx);
    for (const r of rows) {
      const sealed = await unwrapChecked(keys, r);
      await keys.putSealedVendingKey(storedKeyInfo(r, ctx), sealed);
      const { wrappedKey: _wrapped, ...audited } = r;
      await writeAudit(tx, ctx.actor, { title: 'VendingKey', action: 'Import', after: audited });
    }
  });
  return keysNamed(deps, rows);
}

/** Vending key administration: the rules and transactions; the key store keeps the keys. */
export function createKeyStoreService(deps: Deps) {
  const { db } = deps.database;

  const list = () => listKeys(deps);

  /** Loads vending keys (write-only), all or nothing, each audited without its key. */
  async function create(ctx: UserContext, rows: z.infer<typeof VendingKeyRequest>[]) {
    assertSystemAdmin(ctx.user, ADMIN_ONLY);
    for (const r of rows) {
      const digits = r.dkga === '02' ? 16 : 40;
      if (r.vendingKey.length !== digits) {
        throw refuse(`SGC ${r.sgc} KRN ${r.krn}: a DKGA${r.dkga} vending key is ${digits} hex digits`);
      }
      checkExpiry(r);
    }
    const store = await keyStoreOf(deps);
    await db.transaction(async (tx) => {
      const keys = store.on(tx);
      for (const r of rows) {
        await keys.putVendingKey({ ...storedKeyInfo(r, ctx), key: r.vendingKey });
        const { vendingKey: _secret, ...info } = r;
        await writeAudit(tx, ctx.actor, { title: 'VendingKey', action: 'Create', after: info });
      }
    });
    return keysNamed(deps, rows);
  }

  const generate = (ctx: UserContext, rows: z.infer<typeof VendingKeyGenerateRequest>[]) =>
    generateKeys(deps, ctx, rows);

  /** Removes vending keys; decoder keys already derived stay. */
  async function remove(ctx: UserContext, rows: z.infer<typeof VendingKeyRefBody>[]) {
    assertSystemAdmin(ctx.user, ADMIN_ONLY);
    const gone = await keysNamed(deps, rows);
    if (gone.length !== rows.length) throw refuse('Vending key not found');
    const store = await keyStoreOf(deps);
    await db.transaction(async (tx) => {
      for (const g of gone) {
        await store.on(tx).deleteVendingKey(g);
        await writeAudit(tx, ctx.actor, { title: 'VendingKey', action: 'Delete', before: g });
      }
    });
    return gone;
  }

  return {
    list,
    create,
    generate,
    remove,
    importWrapped: (ctx: UserContext, rows: ImportRow[]) => importWrapped(deps, ctx, rows),
    setExpiry: (ctx: UserContext, rows: z.infer<typeof VendingKeyExpiryRequest>[]) =>
      setExpiry(deps, ctx, rows),
    transportKeys: async () => (await (await keyStoreOf(deps)).transportKeys().list()).map(transportRow),
    generateTransportKey: (ctx: UserContext) => generateTransportKey(deps, ctx),
  };
}

export type KeyStoreService = ReturnType<typeof createKeyStoreService>;
