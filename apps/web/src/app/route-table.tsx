import type { PermissionGroup, PermissionKey } from '@prepay/contracts';
import { type AppRoute, lazyPage } from '../lib/routes';

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
const IntervalDataPage = lazyPage(() => import('../features/amr-data/interval-data-page'));
const MonthlyDataPage = lazyPage(() => import('../features/amr-data/monthly-data-page'));
const WaterDataPage = lazyPage(() => import('../features/amr-data/water-data-page'));
const LongNonpurchasePage = lazyPage(() => import('../features/prepay-report/long-nonpurchase-page'));
const LowPurchasePage = lazyPage(() => import('../features/prepay-report/low-purchase-page'));
const DebtSituationPage = lazyPage(() => import('../features/prepay-report/debt-situation-page'));
const ConsumptionStatisticsPage = lazyPage(
  () => import('../features/prepay-report/consumption-statistics-page'),
);
const AlarmPage = lazyPage(() => import('../features/alarms/alarm-page'));
// Management and Setting (issue 5).
const MeterPage = lazyPage(() => import('../features/management/meter-page'));
const GatewayPage = lazyPage(() => import('../features/management/gateway-page'));
const CustomerPage = lazyPage(() => import('../features/management/customer-page'));
const TariffPage = lazyPage(() => import('../features/management/tariff-page'));
const DebtPage = lazyPage(() => import('../features/management/debt-page'));
const AccountPage = lazyPage(() => import('../features/management/account-page'));
const StationPage = lazyPage(() => import('../features/setting/station-page'));
const RolePage = lazyPage(() => import('../features/setting/role-page'));
const UserPage = lazyPage(() => import('../features/setting/user-page'));
const LogPage = lazyPage(() => import('../features/setting/log-page'));
const ItemPage = lazyPage(() => import('../features/setting/item-page'));
const ImagePage = lazyPage(() => import('../features/setting/image-page'));

// Remote Operation and Remote Operation Task (issue 11).
const RemoteReadingPage = lazyPage(() => import('../features/remote-operation/meter-reading-page'));
const RemoteSettingPage = lazyPage(() => import('../features/remote-operation/meter-setting-page'));
const RemoteControlPage = lazyPage(() => import('../features/remote-operation/meter-control-page'));
const RemoteTokenPage = lazyPage(() => import('../features/remote-operation/meter-token-page'));
const TransparentForwardingPage = lazyPage(
  () => import('../features/remote-operation/transparent-forwarding-page'),
);
const ReadingTaskPage = lazyPage(() => import('../features/remote-operation/meter-reading-task-page'));
const SettingTaskPage = lazyPage(() => import('../features/remote-operation/meter-setting-task-page'));
const ControlTaskPage = lazyPage(() => import('../features/remote-operation/meter-control-task-page'));
const TokenTaskPage = lazyPage(() => import('../features/remote-operation/meter-token-task-page'));
const TransparentTaskPage = lazyPage(
  () => import('../features/remote-operation/transparent-forwarding-task-page'),
);

// Token Generate and Token Record (issue 6).
const CreditTokenPage = lazyPage(() => import('../features/token-generate/credit-token-page'));
const ClearTamperTokenPage = lazyPage(() => import('../features/token-generate/clear-tamper-token-page'));
const ClearCreditTokenPage = lazyPage(() => import('../features/token-generate/clear-credit-token-page'));
const MaxPowerTokenPage = lazyPage(
  () => import('../features/token-generate/set-maximum-power-limit-token-page'),
);
const MaxOverdraftTokenPage = lazyPage(
  () => import('../features/token-generate/set-maximum-overdraft-token-page'),
);
const MaxPhaseUnbalanceTokenPage = lazyPage(
  () => import('../features/token-generate/set-maximum-phase-power-unbalance-limit-token-page'),
);
const MeterTestTokenPage = lazyPage(() => import('../features/token-generate/meter-test-token-page'));
const UpdateMeterKeyPage = lazyPage(() => import('../features/token-generate/update-meter-key-page'));
const ChangeMeterKeyTokenPage = lazyPage(
  () => import('../features/token-generate/change-meter-key-token-page'),
);
const CreditTokenRecordPage = lazyPage(() => import('../features/token-record/credit-token-record-page'));
const CreditTokenCancelRecordPage = lazyPage(
  () => import('../features/token-record/credit-token-cancel-record-page'),
);
const ClearTamperTokenRecordPage = lazyPage(
  () => import('../features/token-record/clear-tamper-token-record-page'),
);
const ClearCreditTokenRecordPage = lazyPage(
  () => import('../features/token-record/clear-credit-token-record-page'),
);
const MaxPowerTokenRecordPage = lazyPage(
  () => import('../features/token-record/set-maximum-power-limit-token-record-page'),
);
const MaxOverdraftTokenRecordPage = lazyPage(
  () => import('../features/token-record/set-maximum-overdraft-token-record-page'),
);
const MaxPhaseUnbalanceTokenRecordPage = lazyPage(
  () => import('../features/token-record/set-maximum-phase-power-unbalance-limit-token-record-page'),
);
const ChangeMeterKeyTokenRecordPage = lazyPage(
  () => import('../features/token-record/change-meter-key-token-record-page'),
);

// Shift and day cash-up (issue 15).
const CashUpPage = lazyPage(() => import('../features/cash-up/cash-up-page'));

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

/** A gated page: its name is the permission key the role must hold (typed by contracts). */
type Page = [
  segment: string,
  name: PermissionKey,
  title: string,
  onlyRole?: boolean,
  component?: AppRoute['component'],
];

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
    children: pages.map(([segment, pageName, pageTitle, onlyRole, component]) => ({
      path: `${path}/${segment}`,
      name: pageName,
      title: pageTitle,
      gated: true,
      ...(onlyRole ? { onlyRole: true } : { component: component ?? Placeholder }),
    })),
  };
}

/** Permission-gated groups of spec §2, in the original's menu order; names are the permission keys. */
export const asyncRoutes: AppRoute[] = [
  group('/token-generate', 'Token', 'tokenGenerate', 'token', [
    ['credit-token', 'Token.CreditToken', 'creditToken', false, CreditTokenPage],
    ['clear-tamper-token', 'Token.ClearTamperToken', 'clearTamperToken', false, ClearTamperTokenPage],
    ['clear-credit-token', 'Token.ClearCreditToken', 'clearCreditToken', false, ClearCreditTokenPage],
    [
      'set-maximum-power-limit-token',
      'Token.SetMaximumPowerLimitToken',
      'setMaximumPowerLimitToken',
      false,
      MaxPowerTokenPage,
    ],
    [
      'set-maximum-overdraft-token',
      'Token.SetMaximumOverdraftToken',
      'setMaximumOverdraftToken',
      false,
      MaxOverdraftTokenPage,
    ],
    [
      'set-maximum-phase-power-unbalance-limit-token',
      'Token.SetMaximumPhasePowerUnbalanceLimitToken',
      'setMaximumPhasePowerUnbalanceLimitToken',
      false,
      MaxPhaseUnbalanceTokenPage,
    ],
    ['meter-test-token', 'Token.MeterTestToken', 'meterTestToken', false, MeterTestTokenPage],
    ['update-meter-key', 'Token.UpdateMeterKey', 'updateMeterKey', false, UpdateMeterKeyPage],
    [
      'change-meter-key-token',
      'Token.ChangeMeterKeyToken',
      'changeMeterKeyToken',
      false,
      ChangeMeterKeyTokenPage,
    ],
  ]),
  group('/token-record', 'TokenRecord', 'tokenRecord', 'history', [
    [
      'credit-token-record',
      'TokenRecord.CreditTokenRecord',
      'creditTokenRecord',
      false,
      CreditTokenRecordPage,
    ],
    [
      'credit-token-cancel-record',
      'TokenRecord.CreditTokenCancelRecord',
      'creditTokenCancelRecord',
      false,
      CreditTokenCancelRecordPage,
    ],
    ['cancel-credit-token-record', 'TokenRecord.CancelCreditTokenRecord', 'cancelCreditTokenRecord', true],
    [
      'clear-tamper-token-record',
      'TokenRecord.ClearTamperTokenRecord',
      'clearTamperTokenRecord',
      false,
      ClearTamperTokenRecordPage,
    ],
    [
      'clear-credit-token-record',
      'TokenRecord.ClearCreditTokenRecord',
      'clearCreditTokenRecord',
      false,
      ClearCreditTokenRecordPage,
    ],
    [
      'set-maximum-power-limit-token-record',
      'TokenRecord.SetMaximumPowerLimitTokenRecord',
      'setMaximumPowerLimitTokenRecord',
      false,
      MaxPowerTokenRecordPage,
    ],
    [
      'set-maximum-overdraft-token-record',
      'TokenRecord.SetMaximumOverdraftTokenRecord',
      'setMaximumOverdraftTokenRecord',
      false,
      MaxOverdraftTokenRecordPage,
    ],
    [
      'set-maximum-phase-power-unbalance-limit-token-record',
      'TokenRecord.SetMaximumPhasePowerUnbalanceLimitTokenRecord',
      'setMaximumPhasePowerUnbalanceLimitTokenRecord',
      false,
      MaxPhaseUnbalanceTokenRecordPage,
    ],
    [
      'change-meter-key-token-record',
      'TokenRecord.ChangeMeterKeyTokenRecord',
      'changeMeterKeyTokenRecord',
      false,
      ChangeMeterKeyTokenRecordPage,
    ],
    ['cash-up', 'TokenRecord.CashUp', 'cashUp', false, CashUpPage],
  ]),
  group('/remote-operation', 'RemoteMeterTask', 'remoteOperation', 'api', [
    [
      'remote-meter-reading',
      'RemoteMeterTask.CreateReadingTask',
      'remoteMeterReading',
      false,
      RemoteReadingPage,
    ],
    [
      'remote-meter-setting',
      'RemoteMeterTask.CreateSettingTask',
      'remoteMeterSetting',
      false,
      RemoteSettingPage,
    ],
    [
      'remote-meter-control',
      'RemoteMeterTask.CreateControlTask',
      'remoteMeterControl',
      false,
      RemoteControlPage,
    ],
    ['remote-meter-token', 'RemoteMeterTask.CreateTokenTask', 'remoteMeterToken', false, RemoteTokenPage],
    [
      'transparent-forwarding',
      'RemoteMeterTask.CreateTransparentForwardingTask',
      'transparentForwarding',
      false,
      TransparentForwardingPage,
    ],
  ]),
  group('/remote-operation-record', 'RemoteMeterTaskRecord', 'remoteOperationTask', 'fileSearch', [
    [
      'remote-meter-reading-task',
      'RemoteMeterTaskRecord.GetReadingTask+RemoteMeterTaskRecord.UpdateReadingTask',
      'remoteMeterReadingTask',
      false,
      ReadingTaskPage,
    ],
    [
      'remote-meter-setting-task',
      'RemoteMeterTaskRecord.GetSettingTask+RemoteMeterTaskRecord.UpdateSettingTask',
      'remoteMeterSettingTask',
      false,
      SettingTaskPage,
    ],
    [
      'remote-meter-control-task',
      'RemoteMeterTaskRecord.GetControlTask+RemoteMeterTaskRecord.UpdateControlTask',
      'remoteMeterControlTask',
      false,
      ControlTaskPage,
    ],
    [
      'remote-meter-token-task',
      'RemoteMeterTaskRecord.GetTokenTask+RemoteMeterTaskRecord.UpdateTokenTask',
      'remoteMeterTokenTask',
      false,
      TokenTaskPage,
    ],
    [
      'transparent-forwarding-task',
      'RemoteMeterTaskRecord.GetTransparentForwardingTaskRecord',
      'transparentForwardingTask',
      false,
      TransparentTaskPage,
    ],
  ]),
  group('/prepay-report', 'PrepayReport', 'prepayReport', 'barChart', [
    [
      'long-nonpurchase-situation',
      'PrepayReport.LongNonpurchaseSituation',
      'longNonpurchaseSituation',
      false,
      LongNonpurchasePage,
    ],
    [
      'low-purchase-situation',
      'PrepayReport.LowPurchaseSituation',
      'lowPurchaseSituation',
      false,
      LowPurchasePage,
    ],
    ['debt-situation', 'PrepayReport.DebtSituation', 'debtSituation', false, DebtSituationPage],
    [
      'consumption-statistics',
      'PrepayReport.ConsumptionStatistics',
      'consumptionStatistics',
      false,
      ConsumptionStatisticsPage,
    ],
    // Original R6: these keys sit under PrepayReport, so a role needs a PrepayReport.* key to see them.
    ['daily-data', 'AutomaticMeterReading.DailyData', 'dailyData', false, WaterDataPage],
    ['daily-data-meter', 'AutomaticMeterReading.DailyDataMeter', 'dailyDataMeter', false, IntervalDataPage],
    ['monthly-data', 'AutomaticMeterReading.MonthlyData', 'monthlyData', false, MonthlyDataPage],
    ['alarm', 'AutomaticMeterReading.Alarm', 'alarm', false, AlarmPage],
    ['recollect', 'AutomaticMeterReading.Recollect', 'recollect', true],
  ]),
  group(
    '/management',
    'Management',
    'management',
    'cloudServer',
    [
      ['meter', 'Management.Meter', 'meter', false, MeterPage],
      ['gateway', 'Management.Gateway', 'gateway', false, GatewayPage],
      ['customer', 'Management.Customer', 'customer', false, CustomerPage],
      ['tariff', 'Management.Tariff', 'tariff', false, TariffPage],
      ['debt', 'Management.Debt', 'debt', false, DebtPage],
      ['account', 'Management.Account', 'account', false, AccountPage],
    ],
    'meter',
  ),
  group(
    '/setting',
    'Setting',
    'setting',
    'setting',
    [
      ['station', 'Setting.Station', 'station', false, StationPage],
      ['role', 'Setting.Role', 'role', false, RolePage],
      ['user', 'Setting.User', 'user', false, UserPage],
      ['log', 'Setting.Log', 'log', false, LogPage],
      ['item', 'Setting.Item', 'item', false, ItemPage],
      ['image', 'Setting.Image', 'image', false, ImagePage],
    ],
    'user',
  ),
];

/** Everything the layout can show, before the role filter. */
export const layoutRoutes: AppRoute[] = [...constantRoutes, ...asyncRoutes];
