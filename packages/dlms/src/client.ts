import { AARE_DIAGNOSTIC, type Aare, decodeAare } from './acse.js';
import type { ActionResponse } from './action.js';
import { type Apdu, type CipheredApdu, decodeApdu, encodeApdu, type XdlmsApdu } from './apdu.js';
import { buildAarq, type DlmsAuthentication, readAareInitiate } from './association.js';
import type { DlmsData } from './axdr.js';
import { BlockAssembler, setRequestBlocks } from './block-transfer.js';
import type { AttributeSpec, MethodSpec } from './classes.js';
import { type DlmsChannel, DlmsClientError } from './client-errors.js';
import { encodeData } from './data.js';
import type { GetResponse, SetRequest, SetResponse } from './get-set.js';
import type { Obis } from './obis.js';
import { AssociationLn, OBIS } from './prepayment-classes.js';
import { hlsGmac, protectApdu, type SecurityKeys, unprotectApdu, verifyHlsGmac } from './security.js';
import { type AccessSelection, type AttributeDescriptor, dataAccessResultName } from './xdlms-common.js';

export interface DlmsClientOptions {
  authentication?: DlmsAuthentication;
  /** low: the meter's password. */
  password?: Uint8Array;
  /** high-gmac: the meter's keys and the client's system title (8 bytes). */
  keys?: SecurityKeys;
  systemTitle?: Uint8Array;
  /** high-gmac: the first invocation counter to send (it must grow across associations). */
  invocationCounter?: number;
  timeoutMs?: number;
  maxReceivePduSize?: number;
  /** The client challenge (high-gmac); random by default. */
  challenge?: () => Uint8Array;
}

export interface AssociationInfo {
  maxReceivePduSize: number;
  conformance: number;
  serverSystemTitle?: Uint8Array;
}

const randomChallenge = () => globalThis.crypto.getRandomValues(new Uint8Array(16));
/** Bytes of a set-request around its value: tag, choice, invoke, descriptor, access, block header. */
const SET_OVERHEAD = 24;

/**
 * A DLMS client session over one channel: AARQ/AARE with logical-name referencing (authentication none,
 * low or HLS-GMAC with security suite 0 ciphering), then GET, SET and ACTION one at a time, with block
 * transfer when a value does not fit one APDU. Every failure is a DlmsClientError with its kind.
 */
export class DlmsClient {
  private queue: Promise<unknown> = Promise.resolve();
  private invokeId = 0;
  private ic: number;
  private serverTitle: Uint8Array | undefined;
  private serverIc = -1;
  private association: AssociationInfo | undefined;
  readonly timeoutMs: number;

  constructor(
    private readonly channel: DlmsChannel,
    private readonly options: DlmsClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.ic = options.invocationCounter ?? 1;
  }

  get ciphered(): boolean {
    return this.options.authentication === 'high-gmac';
  }

  /** The next invocation counter this client will send (persist it for the next association). */
  get invocationCounter(): number {
    return this.ic;
  }

  /** Runs `fn` after every request before it: one request at a time on a meter. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  associate(): Promise<AssociationInfo> {
    return this.serial(() => this.doAssociate());
  }

  private async doAssociate(): Promise<AssociationInfo> {
    const o = this.options;
    const challenge = (o.challenge ?? randomChallenge)();
    const aarq = await buildAarq({
      authentication: o.authentication ?? 'none',
      maxReceivePduSize: o.maxReceivePduSize ?? 1024,
      ...(o.password ? { password: o.password } : {}),
      ...(this.ciphered
        ? { challenge, keys: o.keys, systemTitle: o.systemTitle, invocationCounter: this.ic++ }
        : {}),
    });
    const reply = await this.channel.exchange(encodeApdu(aarq), this.timeoutMs);
    const aare = parse(() => decodeAare(reply));
    if (aare.result !== 0) throw refused(aare);
    this.serverTitle = aare.respondingApTitle;
    const initiate = await parseAsync(() => readAareInitiate(aare, o.keys));
    if ('error' in initiate)
      throw new DlmsClientError(
        'association-refused',
        `xDLMS context refused (${initiate.error})`,
        initiate.error,
      );
    this.association = {
      maxReceivePduSize: initiate.maxReceivePduSize,
      conformance: initiate.conformance,
      ...(this.serverTitle ? { serverSystemTitle: this.serverTitle } : {}),
    };
    if (this.ciphered) await this.hlsPass(aare, challenge);
    return this.association;
  }

  /** HLS passes 3 and 4: we prove our key on the meter's challenge, the meter proves its key on ours. */
  private async hlsPass(aare: Aare, challenge: Uint8Array): Promise<void> {
    const { keys, systemTitle } = this.options;
    if (!keys || !systemTitle || !this.serverTitle || !aare.authenticationValue)
      throw new DlmsClientError('association-refused', 'HLS without a meter challenge or system title');
    const f = await hlsGmac({ keys, systemTitle, invocationCounter: this.ic++ }, aare.authenticationValue);
    const reply = await this.actionRaw(OBIS.currentAssociation, AssociationLn.replyToHlsAuthentication, f);
    const answer = reply?.type === 'octet-string' ? reply.value : new Uint8Array();
    if (!(await verifyHlsGmac({ keys, systemTitle: this.serverTitle }, challenge, answer)))
      throw new DlmsClientError('association-refused', 'the meter failed HLS-GMAC authentication', 13);
  }

  /** Reads an attribute and decodes it with the attribute's codec. */
  get<T>(obis: Obis, spec: AttributeSpec<T>, access?: AccessSelection): Promise<T> {
    return this.getData({ classId: spec.classId, obis, attribute: spec.attribute }, access).then((d) =>
      parse(() => spec.codec.decode(d)),
    );
  }

  getData(descriptor: AttributeDescriptor, access?: AccessSelection): Promise<DlmsData> {
    return this.serial(async () => {
      const invoke = this.nextInvoke();
      const first = { service: 'get-request', type: 'normal', invoke, descriptor } as const;
      let reply = await this.request<GetResponse>(
        access ? { ...first, access } : first,
        'get-response',
        invoke,
      );
      const blocks = new BlockAssembler();
      while (reply.type === 'with-datablock') {
        const b = reply.block;
        if ('error' in b) throw meterError(b.error);
        const whole = parse(() => blocks.pushData(b));
        if (whole) return whole;
        const next = { service: 'get-request', type: 'next', invoke, blockNumber: b.blockNumber } as const;
        reply = await this.request<GetResponse>(next, 'get-response', invoke);
      }
      if (reply.type !== 'normal') throw badFrame(`get-response ${reply.type} to a normal get`);
      if ('error' in reply.result) throw meterError(reply.result.error);
      return reply.result.data;
    });
  }

  /** Writes an attribute; with block transfer when the value does not fit the meter's PDU size. */
  set<T>(obis: Obis, spec: AttributeSpec<T>, value: T): Promise<void> {
    return this.setData({ classId: spec.classId, obis, attribute: spec.attribute }, spec.codec.encode(value));
  }

  setData(descriptor: AttributeDescriptor, value: DlmsData): Promise<void> {
    return this.serial(async () => {
      const invoke = this.nextInvoke();
      const room = (this.association?.maxReceivePduSize ?? 0xffff) - SET_OVERHEAD;
      const requests: SetRequest[] =
        encodeData(value).length <= room
          ? [{ service: 'set-request', type: 'normal', invoke, descriptor, value }]
          : setRequestBlocks(invoke, { descriptor }, value, room);
      for (const req of requests) {
        const reply = await this.request<SetResponse>(req, 'set-response', invoke);
        if (reply.type === 'normal' || reply.type === 'last-datablock') {
          if (reply.result !== 0) throw meterError(reply.result);
          return;
        }
        if (reply.type !== 'datablock') throw badFrame(`set-response ${reply.type}`);
      }
      throw badFrame('the meter never confirmed the last block');
    });
  }

  /** Invokes a method; resolves with the data it returned, if any. */
  action<P>(obis: Obis, spec: MethodSpec<P>, parameter: P): Promise<DlmsData | undefined> {
    return this.serial(() => this.actionRaw(obis, spec, parameter));
  }

  private async actionRaw<P>(obis: Obis, spec: MethodSpec<P>, parameter: P): Promise<DlmsData | undefined> {
    const invoke = this.nextInvoke();
    const descriptor = { classId: spec.classId, obis, method: spec.method };
    const parameters = spec.codec.encode(parameter);
    const req = { service: 'action-request', type: 'normal', invoke, descriptor, parameters } as const;
    const reply = await this.request<ActionResponse>(req, 'action-response', invoke);
    if (reply.type !== 'normal') throw badFrame(`action-response ${reply.type}`);
    if (reply.result !== 0) throw meterError(reply.result);
    if (reply.returned && 'error' in reply.returned) throw meterError(reply.returned.error);
    return reply.returned?.data;
  }

  /** Releases the association (RLRQ) and closes the channel; never throws. */
  async release(): Promise<void> {
    await this.serial(async () => {
      try {
        await this.channel.exchange(encodeApdu({ apdu: 'rlrq', reason: 0 }), this.timeoutMs);
      } catch {
        // A meter that drops the link instead of answering RLRE has released it too.
      }
    });
    this.channel.close();
  }

  close(): void {
    this.channel.close();
  }

  private nextInvoke(): number {
    this.invokeId = (this.invokeId + 1) & 0x0f;
    return 0xc0 | this.invokeId;
  }

  /** Sends one xDLMS APDU (ciphered when the association is) and reads the reply it expects. */
  private async request<T extends XdlmsApdu>(apdu: XdlmsApdu, expected: string, invoke: number): Promise<T> {
    const bytes = await this.protect(encodeApdu(apdu));
    const reply = await this.unprotect(await this.channel.exchange(bytes, this.timeoutMs));
    if ('apdu' in reply) throw badFrame(`${reply.apdu} where ${expected} was expected`);
    if (reply.service === 'exception-response')
      throw new DlmsClientError(
        'meter-error',
        `exception: state ${reply.stateError}, service ${reply.serviceError}`,
        reply.serviceError,
      );
    if (reply.service === 'confirmed-service-error')
      throw new DlmsClientError('meter-error', `confirmed-service-error ${reply.value}`, reply.value);
    if (reply.service !== expected) throw badFrame(`${reply.service} where ${expected} was expected`);
    if ((reply as { invoke: number }).invoke !== invoke) throw badFrame('reply to another invoke-id');
    return reply as T;
  }

  private async protect(plain: Uint8Array): Promise<Uint8Array> {
    const { keys, systemTitle } = this.options;
    if (!this.ciphered || !keys || !systemTitle) return plain;
    const ctx = { keys, systemTitle, invocationCounter: this.ic++, securityControl: 0x30 };
    return encodeApdu(await protectApdu(ctx, plain));
  }

  private async unprotect(bytes: Uint8Array): Promise<Apdu> {
    const apdu = parse(() => decodeApdu(bytes));
    if (!('service' in apdu) || apdu.service !== 'ciphered') {
      if (this.ciphered && 'service' in apdu && apdu.service !== 'exception-response')
        throw badFrame('a plain reply inside a ciphered association');
      return apdu;
    }
    const c = apdu as CipheredApdu;
    if (!this.options.keys || c.invocationCounter <= this.serverIc)
      throw badFrame('replayed or unexpected ciphered reply');
    this.serverIc = c.invocationCounter;
    const plain = await parseAsync(() =>
      unprotectApdu(c, this.options.keys as SecurityKeys, this.serverTitle),
    );
    return parse(() => decodeApdu(plain));
  }
}

function parse<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw badFrame(e instanceof Error ? e.message : String(e));
  }
}
async function parseAsync<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw badFrame(e instanceof Error ? e.message : String(e));
  }
}
const badFrame = (why: string) => new DlmsClientError('bad-frame', why);
const meterError = (code: number) =>
  new DlmsClientError('meter-error', `the meter answered ${dataAccessResultName(code)} (${code})`, code);
function refused(aare: Aare): DlmsClientError {
  const v = aare.diagnostic.value;
  const name =
    aare.diagnostic.source === 'user' ? (AARE_DIAGNOSTIC[v] ?? `diagnostic ${v}`) : `provider ${v}`;
  return new DlmsClientError('association-refused', `association refused: ${name}`, v);
}
