import type { AlarmKind } from '@prepay/contracts';
import { inLang, type Lang } from './labels.js';

/**
 * The meter events the head-end turns into alarms, by their code in the DLMS standard event log
 * (0.0.99.98.0) and disconnector control log (0.0.99.98.2) as IDIS numbers them; low credit has no
 * standard code and takes one of the manufacturer-specific range. `phrase` is what the alarm's detail
 * says, so an alarm raised from a daily reading (whose flags say the same words) reads back as the same
 * event.
 */
export interface MeterEvent {
  code: number;
  kind: AlarmKind;
  phrase: string;
  texts: { en: string; zh: string; es: string };
}

export const METER_EVENTS: readonly MeterEvent[] = [
  {
    code: 1,
    kind: 'offline',
    phrase: 'power failure',
    texts: { en: 'Power failure', zh: '掉电', es: 'Corte de suministro' },
  },
  {
    code: 40,
    kind: 'tamper',
    phrase: 'terminal cover open',
    texts: { en: 'Terminal cover opened', zh: '端钮盖打开', es: 'Tapa de bornes abierta' },
  },
  {
    code: 42,
    kind: 'tamper',
    phrase: 'magnetic interference',
    texts: { en: 'Magnetic tamper', zh: '磁场干扰', es: 'Manipulación magnética' },
  },
  {
    code: 44,
    kind: 'tamper',
    phrase: 'upper cover open',
    texts: { en: 'Meter cover opened', zh: '表盖打开', es: 'Tapa del medidor abierta' },
  },
  {
    code: 47,
    kind: 'relay',
    phrase: 'relay open',
    texts: { en: 'Relay disconnected', zh: '继电器断开', es: 'Relé desconectado' },
  },
  {
    code: 231,
    kind: 'lowCredit',
    phrase: 'credit',
    texts: { en: 'Low credit', zh: '余额不足', es: 'Crédito bajo' },
  },
  {
    code: 232,
    kind: 'offline',
    phrase: 'no daily reading',
    texts: { en: 'Meter not heard', zh: '电表无响应', es: 'Medidor sin comunicación' },
  },
];

/** The event an alarm stands for: the first whose kind matches and whose phrase its detail says. */
export function eventOfAlarm(kind: AlarmKind, detail: string | null): MeterEvent | undefined {
  const text = (detail ?? '').toLowerCase();
  const ofKind = METER_EVENTS.filter((e) => e.kind === kind);
  return ofKind.find((e) => text.includes(e.phrase)) ?? ofKind.at(-1);
}

export const eventContent = (e: MeterEvent | undefined, lang: Lang) => (e ? inLang(e.texts, lang) : '');

/** The event a DLMS event-log code stands for (events the head-end does not alarm on: none). */
export const eventOfCode = (code: number) => METER_EVENTS.find((e) => e.code === code);
