import type { ExportLanguage } from '@prepay/contracts';

/**
 * Text the server writes in English (a task's reason) rendered in the reader's language when it is
 * read. The stored text stays the machine's English, so a client of the original that asks no language
 * still reads an English sentence; the console names its language in Accept-Language. A part no rule
 * knows is kept as written (a meter's own words, an id).
 */
type Words = Record<Exclude<ExportLanguage, 'en'>, string>;
type Rule = [RegExp, (m: RegExpMatchArray, lang: Exclude<ExportLanguage, 'en'>) => string];

/** The DL/T 645 error bits and the link failures, by their machine names. */
const NAMES: Record<string, Words> = {
  other: { zh: '其他错误', es: 'otro error' },
  'no-data': { zh: '无请求数据', es: 'sin datos solicitados' },
  unauthorised: { zh: '密码错误或未授权', es: 'contraseña errónea o sin autorización' },
  'baud-unchangeable': { zh: '波特率不能更改', es: 'velocidad no modificable' },
  'too-many-year-zones': { zh: '年时区数超限', es: 'demasiadas zonas anuales' },
  'too-many-day-segments': { zh: '日时段数超限', es: 'demasiados tramos diarios' },
  'too-many-tariffs': { zh: '费率数超限', es: 'demasiadas tarifas' },
  reserved: { zh: '保留', es: 'reservado' },
  offline: { zh: '离线', es: 'sin conexión' },
  timeout: { zh: '超时', es: 'tiempo agotado' },
  busy: { zh: '忙', es: 'ocupado' },
  'bad-frame': { zh: '帧错误', es: 'trama errónea' },
  'meter-error': { zh: '电表错误', es: 'error del medidor' },
  success: { zh: '成功', es: 'correcto' },
  accepted: { zh: '已接受', es: 'aceptado' },
  'already accepted': { zh: '已接受过', es: 'ya aceptado' },
  retrying: { zh: '将重试', es: 'se reintentará' },
  'meter refused': { zh: '电表拒绝', es: 'el medidor rechazó' },
  'the head-end is closing': { zh: '前置机正在关闭', es: 'el concentrador se está cerrando' },
  'the server stopped while the task ran': {
    zh: '任务执行时服务器已停止',
    es: 'el servidor se detuvo durante la tarea',
  },
};

const names = (list: string, lang: Exclude<ExportLanguage, 'en'>) =>
  list
    .split(', ')
    .map((n) => NAMES[n]?.[lang] ?? n)
    .join(lang === 'zh' ? '、' : ', ');

const RULES: Rule[] = [
  [/^meter error ([0-9A-F]{2})(?:: (.*))?$/, (m, l) => meterError(m[1] ?? '', m[2], l)],
  [/^meter refused: (.+)$/, (m, l) => `${NAMES['meter refused']?.[l]}: ${names(m[1] ?? '', l)}`],
  [/^(offline|interrupted): (.+)$/, (m, l) => `${NAMES[m[1] ?? '']?.[l] ?? '中断'}: ${part(m[2] ?? '', l)}`],
  [
    /^meter (\S+) is not registered$/,
    (m, l) => (l === 'zh' ? `电表 ${m[1]} 未注册` : `medidor ${m[1]} no registrado`),
  ],
  [
    /^meter (\S+) has no live link$/,
    (m, l) => (l === 'zh' ? `电表 ${m[1]} 无在线链路` : `medidor ${m[1]} sin enlace activo`),
  ],
  [
    /^no reply from meter (\S+) within (\d+) ms$/,
    (m, l) =>
      l === 'zh' ? `电表 ${m[1]} 在 ${m[2]} ms 内无应答` : `el medidor ${m[1]} no respondió en ${m[2]} ms`,
  ],
  [
    /^(\d+) requests already queued for meter (\S+)$/,
    (m, l) =>
      l === 'zh'
        ? `电表 ${m[2]} 已有 ${m[1]} 个请求排队`
        : `${m[1]} solicitudes ya en cola para el medidor ${m[2]}`,
  ],
  [/^token (.+)$/, (m, l) => `${l === 'zh' ? '令牌' : 'token'}: ${names(m[1] ?? '', l)}`],
];

function meterError(code: string, words: string | undefined, lang: Exclude<ExportLanguage, 'en'>) {
  const head = `${NAMES['meter-error']?.[lang]} ${code}`;
  return words ? `${head}: ${part(words, lang)}` : head;
}

/** One clause: the first rule that matches it, a known name, or the clause as written. */
function part(text: string, lang: Exclude<ExportLanguage, 'en'>): string {
  for (const [pattern, render] of RULES) {
    const m = text.match(pattern);
    if (m) return render(m, lang);
  }
  return NAMES[text]?.[lang] ?? text;
}

/** A task's reason in `lang`: clauses are joined by "; " (e.g. "offline: …; retrying"). */
export function taskReason(text: string | null, lang: ExportLanguage): string | null {
  if (text === null || lang === 'en') return text;
  return text
    .split('; ')
    .map((clause) => part(clause, lang))
    .join(lang === 'zh' ? '；' : '; ');
}

/** A request's language field ("en", "zh", "zh-CN", "es", …) as a language the server writes, else English. */
export function readerLanguage(lang: string | null | undefined): ExportLanguage {
  const tag = (lang ?? '').trim().toLowerCase().slice(0, 2);
  return tag === 'zh' || tag === 'es' ? tag : 'en';
}
