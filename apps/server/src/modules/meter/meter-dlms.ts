import type { MeterWriteRequest } from '@prepay/contracts';
import { keepEach } from '../../kernel/rows.js';
import type { DbKeyStore } from '../keystore/index.js';
import type { DlmsSecretRow } from './meter-dlms.repo.js';

/** The context a DLMS secret is sealed under: its meter and its field. */
export const dlmsSecretContext = (meterId: string, field: string) => `dlms-${field}:${meterId}`;

type Stored = {
  ipAddress: string | null;
  ipPort: number | null;
  dlmsClientAddress: number | null;
  dlmsServerAddress: number | null;
  dlmsAuthentication: string | null;
};

/** The meter's DLMS connection fields as they will be stored: body fields, else the stored ones. */
export function dlmsValuesOf(r: MeterWriteRequest, o: Stored | undefined): Stored {
  return keepEach(r, o, [
    'ipAddress',
    'ipPort',
    'dlmsClientAddress',
    'dlmsServerAddress',
    'dlmsAuthentication',
  ]);
}

const SECRETS = [
  ['dlmsPassword', 'passwordEnc'],
  ['dlmsAuthenticationKey', 'authenticationKeyEnc'],
  ['dlmsBlockCipherKey', 'blockCipherKeyEnc'],
] as const;

const hexOf = (field: string, value: string) =>
  field === 'dlmsPassword' ? Buffer.from(value, 'utf8').toString('hex') : value;

/** What a mechanism cannot do without, when neither the body nor the key store has it. */
export function dlmsSecretProblem(
  r: MeterWriteRequest,
  authentication: string | null,
  stored: boolean,
): string | null {
  if (stored) return null;
  if (authentication === 'low' && !r.dlmsPassword) return 'DLMS authentication low needs dlmsPassword';
  if (authentication === 'high-gmac' && !(r.dlmsAuthenticationKey && r.dlmsBlockCipherKey))
    return 'DLMS authentication high-gmac needs dlmsAuthenticationKey and dlmsBlockCipherKey';
  return null;
}

/** The secrets given in the body, sealed each under its own context; null when the body gives none. */
export async function sealDlmsSecrets(keys: DbKeyStore, r: MeterWriteRequest): Promise<DlmsSecretRow | null> {
  const row: DlmsSecretRow = { meterId: r.meterId };
  let given = false;
  for (const [field, column] of SECRETS) {
    const value = r[field];
    if (value === undefined) continue;
    given = true;
    row[column] =
      value === null
        ? null
        : await keys.sealSecret(hexOf(field, value), dlmsSecretContext(r.meterId, column));
  }
  if (r.dlmsSystemTitle !== undefined) {
    given = true;
    row.systemTitle = r.dlmsSystemTitle?.toUpperCase() ?? null;
  }
  return given ? row : null;
}
