import { ALARM_API, type AlarmRow } from '@prepay/contracts';
import { call } from '../../lib/call';

/** Acknowledges open alarms with one remark (all or nothing on the server). */
export const acknowledgeAlarms = (rows: AlarmRow[], remark: string | null) =>
  call(
    ALARM_API.acknowledge,
    rows.map((r) => ({ id: r.id, remark })),
  );
