import { type DlmsAuthentication, type DlmsChannel, DlmsClient, DlmsClientError } from '@prepay/dlms';
import { connectWrapper } from '@prepay/dlms/tcp';
import type { Deps } from '../../deps.js';
import { keyStoreOf } from '../keystore/index.js';
import { dlmsSecretContext } from '../meter/index.js';
import { type DlmsMeterRow, loadDlmsMeter, saveInvocationCounter } from './dlms-link.repo.js';

/** The head-end's system title when the meter record names none ("PPH" and the head-end's number). */
const DEFAULT_SYSTEM_TITLE = '5050480000000001';
const DLMS_PORT = 4059;
const fromHex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

/** A channel that keeps the APDUs it carries (hex), once `recording` is on. */
export class RecordingChannel implements DlmsChannel {
  readonly sent: string[] = [];
  readonly raw: string[] = [];
  recording = false;
  constructor(private readonly inner: DlmsChannel) {}
  async exchange(apdu: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    if (this.recording) this.sent.push(Buffer.from(apdu).toString('hex').toUpperCase());
    const reply = await this.inner.exchange(apdu, timeoutMs);
    if (this.recording) this.raw.push(Buffer.from(reply).toString('hex').toUpperCase());
    return reply;
  }
  close(): void {
    this.inner.close();
  }
}

async function secretsOf(deps: Deps, meterId: string, m: DlmsMeterRow) {
  const keys = await keyStoreOf(deps);
  const open = async (sealed: string | null, column: string) =>
    sealed ? fromHex(await keys.openSecret(sealed, dlmsSecretContext(meterId, column))) : undefined;
  const password = await open(m.passwordEnc, 'passwordEnc');
  const authenticationKey = await open(m.authenticationKeyEnc, 'authenticationKeyEnc');
  const blockCipherKey = await open(m.blockCipherKeyEnc, 'blockCipherKeyEnc');
  return {
    ...(password ? { password } : {}),
    ...(authenticationKey && blockCipherKey ? { keys: { authenticationKey, blockCipherKey } } : {}),
  };
}

export interface DlmsSession {
  client: DlmsClient;
  /** The meter's station: what the head-end keeps of the session is filed under it. */
  stationId: string;
  channel: RecordingChannel;
  /** Releases the association and keeps the invocation counter for the next one. */
  end(): Promise<void>;
}

/**
 * Connects to the meter's address and port (the wrapper over TCP) and associates as its record says.
 * Everything that goes wrong is a DlmsClientError: `offline` for a meter without an address.
 */
export async function openSession(deps: Deps, meterId: string, timeoutMs: number): Promise<DlmsSession> {
  const m = await loadDlmsMeter(deps.database.db, meterId);
  if (!m?.ipAddress) throw new DlmsClientError('offline', `meter ${meterId} has no IP address`);
  const authentication = (m.authentication ?? 'none') as DlmsAuthentication;
  const secrets = await secretsOf(deps, meterId, m);
  const inner = await connectWrapper({
    host: m.ipAddress,
    port: m.ipPort ?? DLMS_PORT,
    clientAddress: m.clientAddress ?? 1,
    serverAddress: m.serverAddress ?? 1,
    connectTimeoutMs: timeoutMs,
  });
  const channel = new RecordingChannel(inner);
  const client = new DlmsClient(channel, {
    authentication,
    timeoutMs,
    systemTitle: fromHex(m.systemTitle ?? DEFAULT_SYSTEM_TITLE),
    invocationCounter: m.invocationCounter ?? 1,
    ...secrets,
  });
  const end = async () => {
    await client.release();
    if (client.ciphered) await saveInvocationCounter(deps.database.db, meterId, client.invocationCounter);
  };
  try {
    await client.associate();
  } catch (e) {
    await end();
    throw e;
  }
  // The association request may carry the password: only what follows it is recorded.
  channel.recording = true;
  return { client, channel, end, stationId: m.stationId };
}
