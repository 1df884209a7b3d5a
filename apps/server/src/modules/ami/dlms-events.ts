import type { NewAlarm } from '../meter-data/index.js';
import { eventOfCode } from './events.js';

/** One entry of a DLMS event log (standard or disconnector control): when, and its event code. */
export interface DlmsEventEntry {
  at: Date;
  code: number;
}

/**
 * The alarms a meter's event log entries raise: each code the head-end alarms on becomes an alarm of its
 * kind whose detail names the event in the words a daily reading's flags use (so the event notification
 * reads it back by code, and the alarm's detail is translated like theirs); other codes
 * (power up, clock adjusted, token accepted) raise nothing. Pass the result to meter-data's raiseAlarms:
 * a meter keeps one open alarm per kind until it is acknowledged.
 */
export function alarmsOfDlmsEvents(
  meter: { meterId: string; stationId: string },
  entries: DlmsEventEntry[],
): NewAlarm[] {
  return entries.flatMap(({ at, code }) => {
    const event = eventOfCode(code);
    if (!event) return [];
    return [
      {
        meterId: meter.meterId,
        stationId: meter.stationId,
        kind: event.kind,
        detail: event.phrase,
        currentDate: null,
        raisedDate: at,
      },
    ];
  });
}
