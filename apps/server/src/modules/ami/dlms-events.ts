import type { AlarmKind } from '@prepay/contracts';
import type { NewAlarm } from '../meter-data/index.js';
import { eventOfCode } from './events.js';

/** One entry of a DLMS event log (standard or disconnector control): when, and its event code. */
export interface DlmsEventEntry {
  at: Date;
  code: number;
}

/**
 * The alarms a meter's event log entries raise: each code the head-end alarms on counts towards an alarm
 * of its kind whose detail names the events in the words a daily reading's flags use (so the event
 * notification reads it back by code, and the alarm's detail is translated like theirs), raised at the
 * newest of them; other codes (power up, clock adjusted, token accepted) raise nothing. A meter keeps one
 * open alarm per kind until it is acknowledged, so events of one kind make one alarm, as a daily
 * reading's tamper flags do. Pass the result to meter-data's raiseAlarms.
 */
export function alarmsOfDlmsEvents(
  meter: { meterId: string; stationId: string },
  entries: DlmsEventEntry[],
): NewAlarm[] {
  const byKind = new Map<AlarmKind, { phrases: string[]; at: Date }>();
  for (const { at, code } of entries) {
    const event = eventOfCode(code);
    if (!event) continue;
    const had = byKind.get(event.kind) ?? { phrases: [], at };
    if (!had.phrases.includes(event.phrase)) had.phrases.push(event.phrase);
    if (at > had.at) had.at = at;
    byKind.set(event.kind, had);
  }
  return [...byKind].map(([kind, { phrases, at }]) => ({
    meterId: meter.meterId,
    stationId: meter.stationId,
    kind,
    detail: phrases.join(', '),
    currentDate: null,
    raisedDate: at,
  }));
}
