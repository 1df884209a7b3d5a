/** The original's AMI reads: load profiles, event notifications and the GPRS meters' online status. */
import { z } from 'zod';
import { AccountCustomerColumns } from './account.js';
import {
  DateRange,
  DateTime,
  IdFilter,
  page,
  ReadRequestBase,
  StampedAuditFields,
  TextFilter,
  writeBody,
} from './common.js';
import { Lang } from './daily-data.js';
import { defineEndpoint } from './endpoint.js';

export const LOAD_PROFILE_PATHS = {
  energyCurve: '/API/LoadProfile/ElectricEnergyCurve',
  instantaneous: '/API/LoadProfile/InstantaneousValueCurve',
  daily: '/API/LoadProfile/DailyData',
  monthly: '/API/LoadProfile/MonthlyData',
} as const;
export const EVENT_NOTIFICATION_PATHS = { read: '/API/EventNotification/Read' } as const;
export const GPRS_ONLINE_PATHS = {
  read: '/API/GPRSOnlineStatus/Read',
  view: '/API/GPRSOnlineStatus/View',
  update: '/API/GPRSOnlineStatus/Update',
} as const;

/** Every load-profile read: the collection days, the customer and meter, the original's phase switch. */
export const LoadProfileReadRequest = ReadRequestBase.extend({
  lang: Lang,
  currentDateRange: DateRange,
  customerId: IdFilter,
  customerName: TextFilter,
  meterId: IdFilter,
  remark: TextFilter,
  /** 1 asks for the three-phase columns (voltages and currents of B and C too). */
  isThreePhase: z.number().int().min(0).max(1).nullish(),
});
export type LoadProfileReadRequest = z.infer<typeof LoadProfileReadRequest>;

/**
 * One reading as the original shows it: `headline` names the columns, `data` holds their values in the
 * same order (both comma-separated), so one row shape serves every curve.
 */
export const LoadProfileRow = z.object({
  ...StampedAuditFields,
  ...AccountCustomerColumns,
  meterId: z.string(),
  ctRatio: z.string().nullable(),
  currentDate: DateTime,
  data: z.string(),
  headline: z.string(),
  stationId: z.string(),
});
export type LoadProfileRow = z.infer<typeof LoadProfileRow>;

export const EventNotificationReadRequest = ReadRequestBase.extend({
  lang: Lang,
  meterId: IdFilter,
  eventCode: z.number().int().min(0).max(65535).nullish(),
  currentDateRange: DateRange,
  remark: TextFilter,
});
export type EventNotificationReadRequest = z.infer<typeof EventNotificationReadRequest>;

export const EventNotificationRow = z.object({
  ...StampedAuditFields,
  meterId: z.string(),
  currentDate: DateTime,
  eventCode: z.number().int(),
  eventContent: z.string(),
  stationId: z.string(),
});
export type EventNotificationRow = z.infer<typeof EventNotificationRow>;

export const GprsOnlineReadRequest = ReadRequestBase.extend({
  meterId: IdFilter,
  isOnline: z.boolean().nullish(),
});
export type GprsOnlineReadRequest = z.infer<typeof GprsOnlineReadRequest>;

export const GprsOnlineViewRequest = z.object({ meterId: IdFilter, stationId: IdFilter });
export type GprsOnlineViewRequest = z.infer<typeof GprsOnlineViewRequest>;

export const GprsOnlineLine = z.object({
  meterId: z.string().min(1).max(64),
  isOnline: z.boolean(),
  stationId: IdFilter,
});
export type GprsOnlineLine = z.infer<typeof GprsOnlineLine>;

export const GprsOnlineRow = z.object({
  meterId: z.string(),
  isOnline: z.boolean(),
  stationId: z.string(),
  statusUpdateDate: DateTime,
});
export type GprsOnlineRow = z.infer<typeof GprsOnlineRow>;

const LOAD_PROFILE = [
  'AutomaticMeterReading.DailyDataMeter',
  'AutomaticMeterReading.MonthlyData',
  'RemoteReport.LoadProfile',
] as const;
const ONLINE_READ = ['Management.Meter', 'RemoteReport.GPRSOnlineStatus'] as const;
const loadProfile = (path: string) =>
  defineEndpoint({
    path,
    request: LoadProfileReadRequest,
    result: page(LoadProfileRow),
    permission: LOAD_PROFILE,
  });

export const LOAD_PROFILE_API = {
  energyCurve: loadProfile(LOAD_PROFILE_PATHS.energyCurve),
  instantaneous: loadProfile(LOAD_PROFILE_PATHS.instantaneous),
  daily: loadProfile(LOAD_PROFILE_PATHS.daily),
  monthly: loadProfile(LOAD_PROFILE_PATHS.monthly),
};

export const EVENT_NOTIFICATION_API = {
  read: defineEndpoint({
    path: EVENT_NOTIFICATION_PATHS.read,
    request: EventNotificationReadRequest,
    result: page(EventNotificationRow),
    permission: ['AutomaticMeterReading.Alarm', 'RemoteReport.EventNotification'],
  }),
};

export const GPRS_ONLINE_API = {
  read: defineEndpoint({
    path: GPRS_ONLINE_PATHS.read,
    request: GprsOnlineReadRequest,
    result: page(GprsOnlineRow),
    permission: ONLINE_READ,
  }),
  view: defineEndpoint({
    path: GPRS_ONLINE_PATHS.view,
    request: GprsOnlineViewRequest,
    result: z.array(GprsOnlineRow),
    permission: ONLINE_READ,
  }),
  update: defineEndpoint({
    path: GPRS_ONLINE_PATHS.update,
    request: writeBody(GprsOnlineLine),
    result: z.array(GprsOnlineRow),
    permission: 'Management.Meter',
  }),
};
