import {
  DisconnectControl,
  type DlmsClient,
  DlmsClientError,
  type DlmsData,
  dateTimeFromDate,
  Register,
  TOKEN_STATUS,
  TokenGateway,
} from '@prepay/dlms';
import { parseProfileRange } from '../../lib/profile-range.js';
import { type ProfileCapture, readProfile } from './dlms-profile.js';
import { dataOfText, entryLabel, scaledText, textOfData } from './dlms-values.js';

/** A task for a DLMS meter: its family, the catalogue row's object and what the operator asked. */
export interface DlmsTaskInput {
  kind: 'reading' | 'setting' | 'control' | 'token';
  classId: number;
  obis: string;
  attributeMethod: string;
  entry: string | null;
  format: string | null;
  analysisFormat: string | null;
  request: string | null;
}

/** What the meter did: the value to show, or why the task failed (the value read back, if any). */
export interface DlmsTaskDone {
  ok: boolean;
  value: string | null;
  detail: string;
  /** A profile generic's rows (a load profile, an event log), for the head-end to keep. */
  capture?: ProfileCapture;
}

const SCALED_CLASSES = new Set([3, 4]);
const attributeOf = (t: DlmsTaskInput) => Number(t.attributeMethod.replace(/^a/i, ''));
const descriptor = (t: DlmsTaskInput) => ({ classId: t.classId, obis: t.obis, attribute: attributeOf(t) });
const done = (value: string | null, detail = 'success'): DlmsTaskDone => ({ ok: true, value, detail });
const failed = (value: string | null, detail: string): DlmsTaskDone => ({ ok: false, value, detail });

const PROFILE_GENERIC = 7;

async function reading(client: DlmsClient, t: DlmsTaskInput): Promise<DlmsTaskDone> {
  if (t.classId === PROFILE_GENERIC) {
    const capture = await readProfile(client, t.obis, parseProfileRange(t.request));
    return { ...done(`${capture.rows.length} rows`), capture };
  }
  const data = await client.getData(descriptor(t));
  if (t.analysisFormat === 'scaler' && SCALED_CLASSES.has(t.classId)) {
    const su = await client.get(t.obis, { ...Register.scalerUnit, classId: t.classId });
    // The unit is the catalogue row's prefix ("Active energy import(kWh)"): the value alone is shown.
    return done(scaledText(data, su).value);
  }
  const text = textOfData(data);
  return done(entryLabel(t.entry, text) ?? text);
}

async function setting(client: DlmsClient, t: DlmsTaskInput): Promise<DlmsTaskDone> {
  if (t.analysisFormat === 'clock') {
    const at = new Date();
    await client.setData(descriptor(t), { type: 'date-time', value: dateTimeFromDate(at, 0, 0) });
    return done(at.toISOString().slice(0, 19).replace('T', ' '));
  }
  const value: DlmsData = dataOfText(t.format, t.request ?? '');
  await client.setData(descriptor(t), value);
  return done(t.request);
}

/** Which method a control task invokes: "m1"/"m2" or the entry's label ("Disconnect"). */
function controlMethod(t: DlmsTaskInput): number {
  const asked = (t.request ?? t.attributeMethod).trim();
  const byLabel = (t.entry ?? '')
    .split(',')
    .find((p) => p.split(':')[1]?.trim().toLowerCase() === asked.toLowerCase())
    ?.split(':')[0];
  const m = /^m?(\d+)$/i.exec(byLabel ?? asked);
  if (!m) throw new DlmsClientError('bad-frame', `"${asked}" is not a method of the item (${t.entry ?? ''})`);
  return Number(m[1]);
}

/** Disconnect or reconnect, then the output state read back: done only if the relay really moved. */
async function control(client: DlmsClient, t: DlmsTaskInput): Promise<DlmsTaskDone> {
  const method = controlMethod(t);
  const spec = method === 1 ? DisconnectControl.remoteDisconnect : DisconnectControl.remoteReconnect;
  await client.action(t.obis, spec, 0);
  const connected = await client.get(t.obis, DisconnectControl.outputState);
  const text = connected ? 'Connected' : 'Disconnected';
  if (connected === (method === 2)) return done(text);
  return failed(text, `the meter accepted the command but its output state says ${text}`);
}

/** The token through the token gateway (class 115), then the gateway's status of it. */
async function token(client: DlmsClient, t: DlmsTaskInput): Promise<DlmsTaskDone> {
  const digits = t.request ?? '';
  await client.action(t.obis, TokenGateway.enter, new TextEncoder().encode(digits));
  const status = await client.get(t.obis, TokenGateway.status);
  if (status.code === TOKEN_STATUS.executionOk) return done(digits, 'accepted');
  if (status.code === TOKEN_STATUS.validationOk) return done(digits, 'key change: first token accepted');
  // Worded as a DL/T 645 meter's refusal; the token's digits stay in the task's data.
  return failed(digits, 'token rejected');
}

const RUN = { reading, setting, control, token };

/** One task on an associated meter. */
export function runDlmsTask(client: DlmsClient, t: DlmsTaskInput): Promise<DlmsTaskDone> {
  return RUN[t.kind](client, t);
}
