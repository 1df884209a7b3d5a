/**
 * Permission keys. A role's content is a comma-separated list of these; they are the console's route
 * names and every API route declares the one it needs.
 */
export const PermissionGroups = {
  Token: [
    'Token.CreditToken',
    'Token.ClearTamperToken',
    'Token.ClearCreditToken',
    'Token.SetMaximumPowerLimitToken',
    'Token.SetMaximumOverdraftToken',
    'Token.SetMaximumPhasePowerUnbalanceLimitToken',
    'Token.MeterTestToken',
    'Token.UpdateMeterKey',
    'Token.ChangeMeterKeyToken',
  ],
  TokenRecord: [
    'TokenRecord.CreditTokenRecord',
    'TokenRecord.CreditTokenCancelRecord',
    'TokenRecord.CancelCreditTokenRecord',
    'TokenRecord.ClearTamperTokenRecord',
    'TokenRecord.ClearCreditTokenRecord',
    'TokenRecord.SetMaximumPowerLimitTokenRecord',
    'TokenRecord.SetMaximumOverdraftTokenRecord',
    'TokenRecord.SetMaximumPhasePowerUnbalanceLimitTokenRecord',
    'TokenRecord.ChangeMeterKeyTokenRecord',
    'TokenRecord.CashUp',
  ],
  RemoteMeterTask: [
    'RemoteMeterTask.CreateReadingTask',
    'RemoteMeterTask.CreateSettingTask',
    'RemoteMeterTask.CreateControlTask',
    'RemoteMeterTask.CreateTokenTask',
    'RemoteMeterTask.CreateTransparentForwardingTask',
    'RemoteMeterTask.CreateUpdateFirmwareTask',
  ],
  RemoteMeterTaskRecord: [
    'RemoteMeterTaskRecord.GetReadingTask+RemoteMeterTaskRecord.UpdateReadingTask',
    'RemoteMeterTaskRecord.GetSettingTask+RemoteMeterTaskRecord.UpdateSettingTask',
    'RemoteMeterTaskRecord.GetControlTask+RemoteMeterTaskRecord.UpdateControlTask',
    'RemoteMeterTaskRecord.GetTokenTask+RemoteMeterTaskRecord.UpdateTokenTask',
    'RemoteMeterTaskRecord.GetTransparentForwardingTaskRecord',
  ],
  PrepayReport: [
    'PrepayReport.LongNonpurchaseSituation',
    'PrepayReport.LowPurchaseSituation',
    'PrepayReport.DebtSituation',
    'PrepayReport.ConsumptionStatistics',
  ],
  AutomaticMeterReading: [
    'AutomaticMeterReading.DailyData',
    'AutomaticMeterReading.DailyDataMeter',
    'AutomaticMeterReading.MonthlyData',
    'AutomaticMeterReading.Alarm',
    'AutomaticMeterReading.Recollect',
  ],
  RemoteReport: [
    'RemoteReport.LoadProfile',
    'RemoteReport.EventNotification',
    'RemoteReport.GPRSOnlineStatus',
  ],
  Management: [
    'Management.Meter',
    'Management.Gateway',
    'Management.Customer',
    'Management.Tariff',
    'Management.Debt',
    'Management.Account',
  ],
  RevenueProtection: [
    'RevenueProtection.ZeroBuyers',
    'RevenueProtection.ConsumptionBeyondCredit',
    'RevenueProtection.Tamper',
    'RevenueProtection.TransformerBalance',
    'RevenueProtection.Suspects',
    'RevenueProtection.Case',
    'RevenueProtection.Feeder',
    'RevenueProtection.Transformer',
  ],
  Channel: [
    'Channel.Vendor',
    'Channel.ChannelTransaction',
    'Channel.Reconciliation',
    'Channel.MobilePayment',
    'Channel.SmsLog',
  ],
  Setting: [
    'Setting.Station',
    'Setting.Role',
    'Setting.User',
    'Setting.Log',
    'Setting.Item',
    'Setting.Image',
    'Setting.VendingKey',
    'Setting.KeyCampaign',
  ],
} as const;

export type PermissionGroup = keyof typeof PermissionGroups;
export type PermissionKey = (typeof PermissionGroups)[PermissionGroup][number];

/** Every key, in menu order. The dashboard is not gated: every signed-in user has it. */
export const ALL_PERMISSION_KEYS: readonly PermissionKey[] = Object.values(PermissionGroups).flat();

/** Keys that grant a permission without a menu page of their own (role-only). */
export const ROLE_ONLY_KEYS: readonly PermissionKey[] = [
  'TokenRecord.CancelCreditTokenRecord',
  'AutomaticMeterReading.Recollect',
];

/** Marks a route any signed-in user may call (their own profile, logout, role switch). */
export const AUTHENTICATED = 'authenticated' as const;
/** Marks a route that needs no token (login, health). */
export const PUBLIC = 'public' as const;

/** What a route requires: one key, any of several keys, any signed-in user, or nobody. */
export type RoutePermission = PermissionKey | readonly PermissionKey[] | typeof AUTHENTICATED | typeof PUBLIC;

/**
 * Splits role content into keys. The original strips the first space only; we trim every entry, which
 * accepts everything the original stored.
 */
export function parseRoleContent(content: string | null | undefined): string[] {
  if (!content) return [];
  return content
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

/** True when the role content grants the route's permission (exact keys; parents do not grant children). */
export function grants(content: readonly string[], required: RoutePermission): boolean {
  if (required === PUBLIC || required === AUTHENTICATED) return true;
  const wanted: readonly string[] = typeof required === 'string' ? [required] : required;
  return wanted.some((key) => content.includes(key));
}

/**
 * The menu rule of spec §6: a route is kept if its name is listed, or if a listed entry's part before
 * the first dot equals its name.
 */
export function menuAllows(content: readonly string[], routeName: string): boolean {
  return content.some((key) => key === routeName || key.split('.')[0] === routeName);
}
