import { registerBundles } from '../../components/list-page/locales';

/** Dashboard panels and charts (original-api.md §10, §16.3); merged into the shell's `dashboard.*`. */
const en = {
  dashboard: {
    panel: {
      accounts: 'Account Count',
      times: 'Purchase Times',
      units: 'Purchase Unit (kWh)',
      money: 'Purchase Money',
    },
    chart: {
      0: 'Accounts that purchased, last 30 days',
      1: 'Purchase times, last 30 days',
      2: 'Purchase units (kWh), last 30 days',
      3: 'Purchase money, last 30 days',
      successRate: 'Hourly Success Rate (last 48 hours)',
      alarms: 'Abnormal Alarm (open)',
      consumption: 'Consumption (kWh)',
    },
    daily: 'Daily',
    monthly: 'Monthly',
    more: 'More',
    allAlarms: 'Alarms',
    noAlarms: 'No open alarms',
    alarmKinds: { Tamper: 'Tamper', Relay: 'Relay', 'Low Credit': 'Low Credit', Offline: 'Offline' },
  },
};
const zh = {
  dashboard: {
    panel: {
      accounts: '账户数',
      times: '购电次数',
      units: '购电量 (kWh)',
      money: '购电金额',
    },
    chart: {
      0: '近 30 天购电账户数',
      1: '近 30 天购电次数',
      2: '近 30 天购电量 (kWh)',
      3: '近 30 天购电金额',
      successRate: '每小时通信成功率（近 48 小时）',
      alarms: '异常告警（未确认）',
      consumption: '用电量 (kWh)',
    },
    daily: '日',
    monthly: '月',
    more: '更多',
    allAlarms: '告警',
    noAlarms: '没有未确认的告警',
    alarmKinds: { Tamper: '窃电', Relay: '继电器', 'Low Credit': '余额不足', Offline: '离线' },
  },
};
const es = {
  dashboard: {
    panel: {
      accounts: 'Cuentas',
      times: 'Compras',
      units: 'Unidades compradas (kWh)',
      money: 'Importe comprado',
    },
    chart: {
      0: 'Cuentas que compraron, últimos 30 días',
      1: 'Compras, últimos 30 días',
      2: 'Unidades compradas (kWh), últimos 30 días',
      3: 'Importe comprado, últimos 30 días',
      successRate: 'Tasa de éxito por hora (últimas 48 horas)',
      alarms: 'Alarmas anómalas (abiertas)',
      consumption: 'Consumo (kWh)',
    },
    daily: 'Diario',
    monthly: 'Mensual',
    more: 'Más',
    allAlarms: 'Alarmas',
    noAlarms: 'No hay alarmas abiertas',
    alarmKinds: {
      Tamper: 'Manipulación',
      Relay: 'Relé',
      'Low Credit': 'Crédito bajo',
      Offline: 'Sin conexión',
    },
  },
};
registerBundles({ en, zh, es });
