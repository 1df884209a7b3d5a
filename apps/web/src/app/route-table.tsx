import type { PermissionGroup, PermissionKey } from '@prepay/contracts';
import { type AppRoute, lazyPage, type PageModuleImporter } from '../lib/routes';

// Route-level code splitting: each page is its own chunk; the layout is loaded after login.
const Login = lazyPage(() => import('../features/auth/login-page'));
const AuthRedirect = lazyPage(() => import('../features/auth/auth-redirect-page'));
const NotFound = lazyPage(() => import('../features/error-pages/not-found-page'));
const Unauthorized = lazyPage(() => import('../features/error-pages/unauthorized-page'));
const TableNormal = lazyPage(() => import('../features/print/table-normal-page'));
const Dashboard = lazyPage(() => import('../features/dashboard/dashboard-page'));
const Profile = lazyPage(() => import('../features/profile/profile-page'));
/** Modules of later issues: their title and an empty state, nothing invented. */
const Placeholder = lazyPage(() => import('../features/placeholder/placeholder-page'));
/** Paths reachable without a token (spec §4). */
export const WHITE_LIST: readonly string[] = ['/login', '/auth-redirect'];

/** Pages outside the layout. */
export const bareRoutes: AppRoute[] = [
  { path: '/login', name: 'Login', title: 'login', hidden: true, component: Login },
  {
    path: '/auth-redirect',
    name: 'AuthRedirect',
    title: 'authRedirect',
    hidden: true,
    component: AuthRedirect,
  },
  { path: '/404', name: 'Page404', title: 'page404', hidden: true, component: NotFound },
  { path: '/401', name: 'Page401', title: 'page401', hidden: true, component: Unauthorized },
  // The receipt/table print view: signed-in users only, no layout, not in the menu or search.
  {
    path: '/pdf/table-normal',
    name: 'TableNormal',
    title: 'tableNormal',
    hidden: true,
    component: TableNormal,
  },
];

/** Pages in the layout that every signed-in user has. */
export const constantRoutes: AppRoute[] = [
  {
    path: '/dashboard',
    name: 'Dashboard',
    title: 'dashboard',
    icon: 'dashboard',
    affix: true,
    component: Dashboard,
  },
  {
    path: '/profile/index',
    name: 'Profile',
    title: 'profile',
    hidden: true,
    noCache: true,
    component: Profile,
  },
];

/**
 * A gated page: its path segment (camel-cased, also its title key under `route.`), the permission key the
 * role must hold (typed by contracts), and its chunk — none for a module of a later issue (the placeholder),
 * `'onlyRole'` for a permission without a page.
 */
type Page = [segment: string, name: PermissionKey, page?: PageModuleImporter | 'onlyRole'];

const titleOf = (segment: string) => segment.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

function group(
  path: string,
  name: PermissionGroup,
  title: string,
  icon: AppRoute['icon'],
  pages: Page[],
  redirect?: string,
): AppRoute {
  return {
    path,
    name,
    title,
    icon,
    alwaysShow: true,
    gated: true,
    ...(redirect ? { redirect: `${path}/${redirect}` } : {}),
    children: pages.map(([segment, pageName, page]) => ({
      path: `${path}/${segment}`,
      name: pageName,
      title: titleOf(segment),
      gated: true,
      ...(page === 'onlyRole' ? { onlyRole: true } : { component: page ? lazyPage(page) : Placeholder }),
    })),
  };
}

/** Permission-gated groups of spec §2, in the original's menu order; names are the permission keys. */
export const asyncRoutes: AppRoute[] = [
  group('/token-generate', 'Token', 'tokenGenerate', 'token', [
    ['credit-token', 'Token.CreditToken', () => import('../features/token-generate/credit-token-page')],
    [
      'clear-tamper-token',
      'Token.ClearTamperToken',
      () => import('../features/token-generate/clear-tamper-token-page'),
    ],
    [
      'clear-credit-token',
      'Token.ClearCreditToken',
      () => import('../features/token-generate/clear-credit-token-page'),
    ],
    [
      'set-maximum-power-limit-token',
      'Token.SetMaximumPowerLimitToken',
      () => import('../features/token-generate/set-maximum-power-limit-token-page'),
    ],
    [
      'set-maximum-overdraft-token',
      'Token.SetMaximumOverdraftToken',
      () => import('../features/token-generate/set-maximum-overdraft-token-page'),
    ],
    [
      'set-maximum-phase-power-unbalance-limit-token',
      'Token.SetMaximumPhasePowerUnbalanceLimitToken',
      () => import('../features/token-generate/set-maximum-phase-power-unbalance-limit-token-page'),
    ],
    [
      'meter-test-token',
      'Token.MeterTestToken',
      () => import('../features/token-generate/meter-test-token-page'),
    ],
    [
      'update-meter-key',
      'Token.UpdateMeterKey',
      () => import('../features/token-generate/update-meter-key-page'),
    ],
    [
      'change-meter-key-token',
      'Token.ChangeMeterKeyToken',
      () => import('../features/token-generate/change-meter-key-token-page'),
    ],
  ]),
  group('/token-record', 'TokenRecord', 'tokenRecord', 'history', [
    [
      'credit-token-record',
      'TokenRecord.CreditTokenRecord',
      () => import('../features/token-record/credit-token-record-page'),
    ],
    [
      'credit-token-cancel-record',
      'TokenRecord.CreditTokenCancelRecord',
      () => import('../features/token-record/credit-token-cancel-record-page'),
    ],
    ['cancel-credit-token-record', 'TokenRecord.CancelCreditTokenRecord', 'onlyRole'],
    [
      'clear-tamper-token-record',
      'TokenRecord.ClearTamperTokenRecord',
      () => import('../features/token-record/clear-tamper-token-record-page'),
    ],
    [
      'clear-credit-token-record',
      'TokenRecord.ClearCreditTokenRecord',
      () => import('../features/token-record/clear-credit-token-record-page'),
    ],
    [
      'set-maximum-power-limit-token-record',
      'TokenRecord.SetMaximumPowerLimitTokenRecord',
      () => import('../features/token-record/set-maximum-power-limit-token-record-page'),
    ],
    [
      'set-maximum-overdraft-token-record',
      'TokenRecord.SetMaximumOverdraftTokenRecord',
      () => import('../features/token-record/set-maximum-overdraft-token-record-page'),
    ],
    [
      'set-maximum-phase-power-unbalance-limit-token-record',
      'TokenRecord.SetMaximumPhasePowerUnbalanceLimitTokenRecord',
      () => import('../features/token-record/set-maximum-phase-power-unbalance-limit-token-record-page'),
    ],
    [
      'change-meter-key-token-record',
      'TokenRecord.ChangeMeterKeyTokenRecord',
      () => import('../features/token-record/change-meter-key-token-record-page'),
    ],
    ['cash-up', 'TokenRecord.CashUp', () => import('../features/cash-up/cash-up-page')],
  ]),
  group('/remote-operation', 'RemoteMeterTask', 'remoteOperation', 'api', [
    [
      'remote-meter-reading',
      'RemoteMeterTask.CreateReadingTask',
      () => import('../features/remote-operation/meter-reading-page'),
    ],
    [
      'remote-meter-setting',
      'RemoteMeterTask.CreateSettingTask',
      () => import('../features/remote-operation/meter-setting-page'),
    ],
    [
      'remote-meter-control',
      'RemoteMeterTask.CreateControlTask',
      () => import('../features/remote-operation/meter-control-page'),
    ],
    [
      'remote-meter-token',
      'RemoteMeterTask.CreateTokenTask',
      () => import('../features/remote-operation/meter-token-page'),
    ],
    [
      'transparent-forwarding',
      'RemoteMeterTask.CreateTransparentForwardingTask',
      () => import('../features/remote-operation/transparent-forwarding-page'),
    ],
    [
      'update-firmware',
      'RemoteMeterTask.CreateUpdateFirmwareTask',
      () => import('../features/ami/firmware-page'),
    ],
  ]),
  group('/remote-operation-record', 'RemoteMeterTaskRecord', 'remoteOperationTask', 'fileSearch', [
    [
      'remote-meter-reading-task',
      'RemoteMeterTaskRecord.GetReadingTask+RemoteMeterTaskRecord.UpdateReadingTask',
      () => import('../features/remote-operation/meter-reading-task-page'),
    ],
    [
      'remote-meter-setting-task',
      'RemoteMeterTaskRecord.GetSettingTask+RemoteMeterTaskRecord.UpdateSettingTask',
      () => import('../features/remote-operation/meter-setting-task-page'),
    ],
    [
      'remote-meter-control-task',
      'RemoteMeterTaskRecord.GetControlTask+RemoteMeterTaskRecord.UpdateControlTask',
      () => import('../features/remote-operation/meter-control-task-page'),
    ],
    [
      'remote-meter-token-task',
      'RemoteMeterTaskRecord.GetTokenTask+RemoteMeterTaskRecord.UpdateTokenTask',
      () => import('../features/remote-operation/meter-token-task-page'),
    ],
    [
      'transparent-forwarding-task',
      'RemoteMeterTaskRecord.GetTransparentForwardingTaskRecord',
      () => import('../features/remote-operation/transparent-forwarding-task-page'),
    ],
  ]),
  group('/prepay-report', 'PrepayReport', 'prepayReport', 'barChart', [
    [
      'long-nonpurchase-situation',
      'PrepayReport.LongNonpurchaseSituation',
      () => import('../features/prepay-report/long-nonpurchase-page'),
    ],
    [
      'low-purchase-situation',
      'PrepayReport.LowPurchaseSituation',
      () => import('../features/prepay-report/low-purchase-page'),
    ],
    [
      'debt-situation',
      'PrepayReport.DebtSituation',
      () => import('../features/prepay-report/debt-situation-page'),
    ],
    [
      'consumption-statistics',
      'PrepayReport.ConsumptionStatistics',
      () => import('../features/prepay-report/consumption-statistics-page'),
    ],
    // Original R6: these keys sit under PrepayReport, so a role needs a PrepayReport.* key to see them.
    ['daily-data', 'AutomaticMeterReading.DailyData', () => import('../features/amr-data/water-data-page')],
    [
      'daily-data-meter',
      'AutomaticMeterReading.DailyDataMeter',
      () => import('../features/amr-data/interval-data-page'),
    ],
    [
      'monthly-data',
      'AutomaticMeterReading.MonthlyData',
      () => import('../features/amr-data/monthly-data-page'),
    ],
    ['alarm', 'AutomaticMeterReading.Alarm', () => import('../features/alarms/alarm-page')],
    ['recollect', 'AutomaticMeterReading.Recollect', 'onlyRole'],
  ]),
  // The original's "Data Report GPRS": the AMI reads of GPRS (and DLMS) meters.
  group('/remote-report', 'RemoteReport', 'remoteReport', 'barChart', [
    ['load-profile', 'RemoteReport.LoadProfile', () => import('../features/ami/load-profile-page')],
    [
      'event-notification',
      'RemoteReport.EventNotification',
      () => import('../features/ami/event-notification-page'),
    ],
    ['gprs-online-status', 'RemoteReport.GPRSOnlineStatus', () => import('../features/ami/gprs-online-page')],
  ]),
  group(
    '/management',
    'Management',
    'management',
    'cloudServer',
    [
      ['meter', 'Management.Meter', () => import('../features/management/meter-page')],
      ['gateway', 'Management.Gateway', () => import('../features/management/gateway-page')],
      ['customer', 'Management.Customer', () => import('../features/management/customer-page')],
      ['tariff', 'Management.Tariff', () => import('../features/management/tariff-page')],
      ['debt', 'Management.Debt', () => import('../features/management/debt-page')],
      ['account', 'Management.Account', () => import('../features/management/account-page')],
    ],
    'meter',
  ),
  group(
    '/revenue-protection',
    'RevenueProtection',
    'revenueProtection',
    'safety',
    [
      [
        'suspects',
        'RevenueProtection.Suspects',
        () => import('../features/revenue-protection/suspects-page'),
      ],
      [
        'zero-buyers',
        'RevenueProtection.ZeroBuyers',
        () => import('../features/revenue-protection/zero-buyers-page'),
      ],
      [
        'consumption-beyond-credit',
        'RevenueProtection.ConsumptionBeyondCredit',
        () => import('../features/revenue-protection/beyond-credit-page'),
      ],
      ['tamper', 'RevenueProtection.Tamper', () => import('../features/revenue-protection/tamper-page')],
      [
        'transformer-balance',
        'RevenueProtection.TransformerBalance',
        () => import('../features/revenue-protection/transformer-balance-page'),
      ],
      ['feeder', 'RevenueProtection.Feeder', () => import('../features/revenue-protection/feeder-page')],
      [
        'transformer',
        'RevenueProtection.Transformer',
        () => import('../features/revenue-protection/transformer-page'),
      ],
      ['case', 'RevenueProtection.Case', () => import('../features/revenue-protection/case-page')],
    ],
    'transformer-balance',
  ),
  group(
    '/channel',
    'Channel',
    'channel',
    'shop',
    [
      ['vendor', 'Channel.Vendor', () => import('../features/channel/vendor-page')],
      [
        'channel-transaction',
        'Channel.ChannelTransaction',
        () => import('../features/channel/transaction-page'),
      ],
      ['reconciliation', 'Channel.Reconciliation', () => import('../features/channel/reconciliation-page')],
      [
        'mobile-payment',
        'Channel.MobilePayment',
        () => import('../features/mobile-money/mobile-payment-page'),
      ],
      ['sms-log', 'Channel.SmsLog', () => import('../features/mobile-money/sms-log-page')],
    ],
    'vendor',
  ),
  group(
    '/setting',
    'Setting',
    'setting',
    'setting',
    [
      ['station', 'Setting.Station', () => import('../features/setting/station-page')],
      ['role', 'Setting.Role', () => import('../features/setting/role-page')],
      ['user', 'Setting.User', () => import('../features/setting/user-page')],
      ['log', 'Setting.Log', () => import('../features/setting/log-page')],
      ['item', 'Setting.Item', () => import('../features/setting/item-page')],
      ['image', 'Setting.Image', () => import('../features/setting/image-page')],
      ['vending-key', 'Setting.VendingKey', () => import('../features/setting/vending-key-page')],
      ['key-campaign', 'Setting.KeyCampaign', () => import('../features/key-campaign/key-campaign-page')],
    ],
    'user',
  ),
];

/** Everything the layout can show, before the role filter. */
export const layoutRoutes: AppRoute[] = [...constantRoutes, ...asyncRoutes];
