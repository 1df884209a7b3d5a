/**
 * The column and event names the original's AMI reads answer in the request's language (`lang`); an
 * unknown language answers English. Spanish names the phases L1–L3: "Corriente A (A)" would read as a
 * stray English "A A".
 */
export type Lang = 'en' | 'zh' | 'es' | (string & {});

type Texts = { en: string; zh: string; es: string };

const COLUMNS = {
  total1: { en: 'Active energy (kWh)', zh: '正向有功总电能 (kWh)', es: 'Energía activa (kWh)' },
  total2: {
    en: 'Active energy rate 2 (kWh)',
    zh: '费率2有功电能 (kWh)',
    es: 'Energía activa tarifa 2 (kWh)',
  },
  remain1: { en: 'Remaining credit (kWh)', zh: '剩余电量 (kWh)', es: 'Crédito restante (kWh)' },
  usage1: { en: 'Consumption (kWh)', zh: '用电量 (kWh)', es: 'Consumo (kWh)' },
  intervalDemand: { en: 'Maximum demand (kW)', zh: '最大需量 (kW)', es: 'Demanda máxima (kW)' },
  voltageA: { en: 'Voltage A (V)', zh: 'A相电压 (V)', es: 'Tensión L1 (V)' },
  voltageB: { en: 'Voltage B (V)', zh: 'B相电压 (V)', es: 'Tensión L2 (V)' },
  voltageC: { en: 'Voltage C (V)', zh: 'C相电压 (V)', es: 'Tensión L3 (V)' },
  currentA: { en: 'Current A (A)', zh: 'A相电流 (A)', es: 'Corriente L1 (A)' },
  currentB: { en: 'Current B (A)', zh: 'B相电流 (A)', es: 'Corriente L2 (A)' },
  currentC: { en: 'Current C (A)', zh: 'C相电流 (A)', es: 'Corriente L3 (A)' },
  power: { en: 'Active power (kW)', zh: '有功功率 (kW)', es: 'Potencia activa (kW)' },
} satisfies Record<string, Texts>;

export type Column = keyof typeof COLUMNS;

export function inLang(texts: Texts, lang: Lang): string {
  const key = lang.toLowerCase().slice(0, 2);
  return key === 'zh' || key === 'es' ? texts[key] : texts.en;
}

/** The `headline` of a load-profile row: its columns' names, comma-separated, in `data`'s order. */
export const columnHeadline = (columns: Column[], lang: Lang) =>
  columns.map((c) => inLang(COLUMNS[c], lang)).join(',');
