import { registerBundles } from '../list-page/locales';

/** Strings of the vending office (keyboard vending, receipts, cash-up), merged under `vending.office`. */
const en = {
  vending: {
    office: {
      searchHint: 'Search: / or F2 · Enter opens Recharge · ↑/↓ pick a row',
      summary: 'The customer pays {{paid}} and gets {{units}}.',
      summaryParts:
        'Of the payment, {{energy}} buys the energy, {{vat}} is VAT and {{monthly}} is the monthly charge.',
      summaryDebt: '{{debt}} goes to the debt; {{remaining}} of debt is still owed after this.',
      summaryNoDebt: 'Nothing goes to debt; {{remaining}} of debt is owed.',
      summaryRemainder: '{{remainder}} of it buys nothing: another 0.1 {{unit}} costs more.',
      inexact: 'A token cannot carry exactly {{asked}} {{unit}}.',
      inexactPaid:
        'Of {{asked}}{{currency}}, {{remainder}}{{currency}} buys nothing: charge an amount that buys whole 0.1 {{unit}} steps.',
      usePaid: 'Charge {{amount}}{{currency}} instead',
      useNearest: 'Vend {{amount}} {{unit}} instead',
      nearestHint: 'Press Enter to take the nearest amount, Tab for the other one.',
      enterHint: 'Enter: next step · Esc: back',
      company: 'Company',
      station: 'Station',
      currency: 'Currency',
      copy: 'COPY',
      cancelledMark: 'CANCELLED',
      paper: 'Paper',
      sendToMeter: 'Send to meter',
      sentToMeter: 'Token task created: the token is sent to the meter',
      closeDialog: 'Close',
      cancelConfirm: 'Cancel receipt {{receiptId}} of {{amount}}? The token becomes invalid.',
      totals: 'Totals ({{count}} records)',
    },
  },
};

type Pack = typeof en;

const zh: Pack = {
  vending: {
    office: {
      searchHint: '搜索：/ 或 F2 · 回车打开充值 · ↑/↓ 选择行',
      summary: '客户支付 {{paid}}，获得 {{units}}。',
      summaryParts: '其中 {{energy}} 为电费，{{vat}} 为增值税，{{monthly}} 为月费。',
      summaryDebt: '{{debt}} 用于还债；还款后仍欠 {{remaining}}。',
      summaryNoDebt: '本次不还债；仍欠 {{remaining}}。',
      summaryRemainder: '其中 {{remainder}} 不足以再购买 0.1 {{unit}}。',
      inexact: '令牌无法精确承载 {{asked}} {{unit}}。',
      inexactPaid:
        '{{asked}}{{currency}} 中有 {{remainder}}{{currency}} 买不到电量：请收取正好购买整 0.1 {{unit}} 的金额。',
      usePaid: '改为收取 {{amount}}{{currency}}',
      useNearest: '改为售 {{amount}} {{unit}}',
      nearestHint: '按回车选择最接近的数量，按 Tab 选择另一个。',
      enterHint: '回车：下一步 · Esc：返回',
      company: '公司',
      station: '站点',
      currency: '货币',
      copy: '副本',
      cancelledMark: '已作废',
      paper: '纸张',
      sendToMeter: '发送到电表',
      sentToMeter: '已创建令牌任务：令牌将发送到电表',
      closeDialog: '关闭',
      cancelConfirm: '作废收据 {{receiptId}}（金额 {{amount}}）？该令牌将失效。',
      totals: '合计（{{count}} 条记录）',
    },
  },
};

const es: Pack = {
  vending: {
    office: {
      searchHint: 'Buscar: / o F2 · Intro abre Recarga · ↑/↓ elige fila',
      summary: 'El cliente paga {{paid}} y recibe {{units}}.',
      summaryParts:
        'Del pago, {{energy}} compra la energía, {{vat}} es IVA y {{monthly}} es el cargo mensual.',
      summaryDebt: '{{debt}} va a la deuda; después aún se deben {{remaining}}.',
      summaryNoDebt: 'Nada va a la deuda; se deben {{remaining}}.',
      summaryRemainder: '{{remainder}} no compra nada: otros 0.1 {{unit}} cuestan más.',
      inexact: 'Un token no puede llevar exactamente {{asked}} {{unit}}.',
      inexactPaid:
        'De {{asked}}{{currency}}, {{remainder}}{{currency}} no compra nada: cobre un importe que compre pasos enteros de 0,1 {{unit}}.',
      usePaid: 'Cobrar {{amount}}{{currency}} en su lugar',
      useNearest: 'Vender {{amount}} {{unit}} en su lugar',
      nearestHint: 'Intro toma la cantidad más cercana, Tab la otra.',
      enterHint: 'Intro: siguiente paso · Esc: volver',
      company: 'Empresa',
      station: 'Estación',
      currency: 'Moneda',
      copy: 'COPIA',
      cancelledMark: 'ANULADO',
      paper: 'Papel',
      sendToMeter: 'Enviar al medidor',
      sentToMeter: 'Tarea de token creada: el token se envía al medidor',
      closeDialog: 'Cerrar',
      cancelConfirm: '¿Anular el recibo {{receiptId}} de {{amount}}? El token deja de ser válido.',
      totals: 'Totales ({{count}} registros)',
    },
  },
};

registerBundles({ en, zh, es });
