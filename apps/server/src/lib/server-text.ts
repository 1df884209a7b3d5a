import type { ExportLanguage } from '@prepay/contracts';

/**
 * Text the server writes in English (a task's reason) rendered in the reader's language when it is
 * read. The stored text stays the machine's English, so a client of the original that asks no language
 * still reads an English sentence; the console names its language in Accept-Language. A part no rule
 * knows is kept as written (a meter's own words, an id).
 */
type Words = Record<Exclude<ExportLanguage, 'en'>, string>;
type Lang = Exclude<ExportLanguage, 'en'>;
type Rule = [RegExp, (m: RegExpMatchArray, lang: Lang) => string];

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
  // Relay states read back from status word 3, and what a meter answers to a token.
  'Relay Connected': { zh: '继电器闭合', es: 'relé conectado' },
  'Relay Disconnected': { zh: '继电器断开', es: 'relé desconectado' },
  'key change: first token accepted': {
    zh: '换密钥：第一个令牌已接受',
    es: 'cambio de clave: primer token aceptado',
  },
  old: { zh: '过期', es: 'antiguo' },
  rejected: { zh: '被拒绝', es: 'rechazado' },
  'no LoRaWAN route': { zh: '无 LoRaWAN 路由', es: 'sin ruta LoRaWAN' },
  // Alarm details and why an alarm closed by itself.
  'terminal cover open': { zh: '端钮盖打开', es: 'tapa de bornes abierta' },
  'upper cover open': { zh: '表盖打开', es: 'tapa superior abierta' },
  'magnetic interference': { zh: '磁场干扰', es: 'interferencia magnética' },
  'relay open': { zh: '继电器断开', es: 'relé abierto' },
  'power failure': { zh: '掉电', es: 'corte de suministro' },
  'condition ended': { zh: '告警条件已结束', es: 'la condición terminó' },
  'meter heard again': { zh: '电表已恢复通信', es: 'el medidor volvió a comunicarse' },
  'the hour has passed': { zh: '该小时已过', es: 'la hora ya pasó' },
  'no live link to the meter': { zh: '与电表无在线链路', es: 'sin enlace activo con el medidor' },
  'the reading failed': { zh: '抄读失败', es: 'la lectura falló' },
  'the task has no reply frame': { zh: '任务没有应答帧', es: 'la tarea no tiene trama de respuesta' },
  // The meter test tokens' table (the Meter Test Token page).
  'Test the load switch (relay)': {
    zh: '测试负荷开关（继电器）',
    es: 'Probar el interruptor de carga (relé)',
  },
  'Display test: all segments, LEDs, buzzer': {
    zh: '显示测试：全部段码、指示灯、蜂鸣器',
    es: 'Prueba de pantalla: todos los segmentos, LED, zumbador',
  },
  'Display total energy': { zh: '显示总电量', es: 'Mostrar la energía total' },
  'Display key revision number and key type': {
    zh: '显示密钥版本号和密钥类型',
    es: 'Mostrar el número de revisión y el tipo de clave',
  },
  'Display tariff index': { zh: '显示费率索引', es: 'Mostrar el índice de tarifa' },
  'Token reader test': { zh: '令牌输入测试', es: 'Prueba del lector de tokens' },
  'Display maximum power limit': { zh: '显示最大功率限值', es: 'Mostrar el límite de potencia máxima' },
  'Display tamper status': { zh: '显示窃电状态', es: 'Mostrar el estado de manipulación' },
  'Display power consumption': { zh: '显示当前功率', es: 'Mostrar el consumo de potencia' },
  'Display software version': { zh: '显示软件版本', es: 'Mostrar la versión de software' },
  'Display phase power unbalance limit': {
    zh: '显示相功率不平衡限值',
    es: 'Mostrar el límite de desequilibrio de fases',
  },
  'Display water meter factor': { zh: '显示水表系数', es: 'Mostrar el factor del medidor de agua' },
  'Display tariff rate': { zh: '显示费率', es: 'Mostrar la tarifa' },
  'All tests': { zh: '全部测试', es: 'Todas las pruebas' },
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
  [
    /^meter (\S+) is not dialled in$/,
    (m, l) => (l === 'zh' ? `电表 ${m[1]} 未拨入` : `el medidor ${m[1]} no está conectado`),
  ],
  [
    /^the meter accepted the command but status word 3 says (.+)$/,
    (m, l) =>
      l === 'zh'
        ? `电表接受了命令，但状态字 3 显示${part(m[1] ?? '', l)}`
        : `el medidor aceptó la orden, pero la palabra de estado 3 indica ${part(m[1] ?? '', l)}`,
  ],
  // The head-end's DLMS transport.
  [
    /^the meter accepted the command but its output state says (Connected|Disconnected)$/,
    (m, l) =>
      l === 'zh'
        ? `电表接受了命令，但输出状态显示${m[1] === 'Connected' ? '合闸' : '拉闸'}`
        : `el medidor aceptó la orden, pero su estado de salida indica ${m[1] === 'Connected' ? 'conectado' : 'desconectado'}`,
  ],
  [
    /^meter (\S+) has no IP address$/,
    (m, l) => (l === 'zh' ? `电表 ${m[1]} 没有 IP 地址` : `el medidor ${m[1]} no tiene dirección IP`),
  ],
  [
    /^cannot reach (\S+): (.+)$/,
    (m, l) => (l === 'zh' ? `无法连接 ${m[1]}：${m[2]}` : `no se puede conectar con ${m[1]}: ${m[2]}`),
  ],
  // A profile (load profile, event log) the head-end refused to keep.
  [
    /^row (\d+): (\S+) is not a number$/,
    (m, l) => (l === 'zh' ? `第 ${m[1]} 行：${m[2]} 不是数值` : `fila ${m[1]}: ${m[2]} no es un número`),
  ],
  [
    /^row (\d+) has (\d+) values for (\d+) columns$/,
    (m, l) =>
      l === 'zh'
        ? `第 ${m[1]} 行有 ${m[2]} 个值，但有 ${m[3]} 列`
        : `la fila ${m[1]} tiene ${m[2]} valores para ${m[3]} columnas`,
  ],
  [
    /^row (\d+): the capture time is not a date-time$/,
    (m, l) =>
      l === 'zh'
        ? `第 ${m[1]} 行：采集时间不是日期时间`
        : `fila ${m[1]}: la hora de captura no es una fecha y hora`,
  ],
  [
    /^row (\d+): the event code is missing$/,
    (m, l) => (l === 'zh' ? `第 ${m[1]} 行：缺少事件代码` : `fila ${m[1]}: falta el código de evento`),
  ],
  [
    /^the profile has no clock column$/,
    (_m, l) => (l === 'zh' ? '曲线没有时钟列' : 'el perfil no tiene columna de reloj'),
  ],
  [
    /^the profile buffer is not an array of rows$/,
    (_m, l) => (l === 'zh' ? '曲线缓冲区不是行数组' : 'el búfer del perfil no es una lista de filas'),
  ],
  [
    /^the energy column's unit is (\S+), not Wh$/,
    (m, l) =>
      l === 'zh' ? `电能列的单位是 ${m[1]}，不是 Wh` : `la unidad de la columna de energía es ${m[1]}, no Wh`,
  ],
  [/^no reply in (\d+) ms$/, (m, l) => (l === 'zh' ? `${m[1]} ms 内无应答` : `sin respuesta en ${m[1]} ms`)],
  [/^credit (-?[\d.]+) (kWh|m³)$/, (m, l) => (l === 'zh' ? `剩余 ${m[1]} ${m[2]}` : `saldo ${m[1]} ${m[2]}`)],
  [
    /^no daily reading for (\d+) days?$/,
    (m, l) => (l === 'zh' ? `${m[1]} 天无日冻结数据` : `sin lectura diaria durante ${m[1]} días`),
  ],
  [/^internal error: (.+)$/, (m, l) => `${l === 'zh' ? '内部错误' : 'error interno'}: ${m[1]}`],
  // Why a collection job could not read its period.
  [
    /^month (\S+) is not in the meter's settlement records$/,
    (m, l) =>
      l === 'zh' ? `${m[1]} 月不在电表的结算记录中` : `el mes ${m[1]} no está en los cierres del medidor`,
  ],
  [
    /^day (\S+) is not over yet$/,
    (m, l) => (l === 'zh' ? `${m[1]} 尚未结束` : `el día ${m[1]} aún no ha terminado`),
  ],
  [
    /^day (\S+) is older than the (\d+) freezes read$/,
    (m, l) =>
      l === 'zh'
        ? `${m[1]} 早于读取的 ${m[2]} 个日冻结`
        : `el día ${m[1]} es anterior a las ${m[2]} congelaciones leídas`,
  ],
];

function meterError(code: string, words: string | undefined, lang: Exclude<ExportLanguage, 'en'>) {
  const head = `${NAMES['meter-error']?.[lang]} ${code}`;
  return words ? `${head}: ${part(words, lang)}` : head;
}

/** What the audit log counts in its one-line contents ("120 rows", "3 stations, 5 users"). */
const COUNTED: Record<string, Words> = {
  rows: { zh: '行', es: 'filas' },
  'daily rows': { zh: '条日数据', es: 'filas diarias' },
  'water rows': { zh: '条水表数据', es: 'filas de agua' },
  'period(s)': { zh: '个时段', es: 'periodos' },
  vends: { zh: '笔售电', es: 'ventas' },
  purchases: { zh: '笔购电', es: 'compras' },
  gateways: { zh: '个网关', es: 'pasarelas' },
  meters: { zh: '块电表', es: 'medidores' },
  customers: { zh: '个客户', es: 'clientes' },
  accounts: { zh: '个账户', es: 'cuentas' },
  tariffs: { zh: '个费率', es: 'tarifas' },
  debts: { zh: '笔欠款', es: 'deudas' },
  items: { zh: '个数据项', es: 'elementos' },
  stations: { zh: '个站点', es: 'estaciones' },
  users: { zh: '个用户', es: 'usuarios' },
  'task(s)': { zh: '个任务', es: 'tareas' },
};

/** The task and collection kinds a log content may start with. */
const KINDS: Record<string, Words> = {
  reading: { zh: '抄读', es: 'lectura' },
  setting: { zh: '设置', es: 'ajuste' },
  control: { zh: '控制', es: 'control' },
  token: { zh: '令牌', es: 'token' },
  transparent: { zh: '透明转发', es: 'reenvío transparente' },
  daily: { zh: '日数据', es: 'diario' },
  monthly: { zh: '月数据', es: 'mensual' },
  hourly: { zh: '小时数据', es: 'por hora' },
};

/** "3 stations, 5 users" in `lang`; null when the text is not such a list. */
function counts(text: string, lang: Lang): string | null {
  const items = text.split(', ').map((c) => /^(\d+) (.+)$/.exec(c));
  if (!items.every((m) => m && COUNTED[m[2] ?? ''])) return null;
  return items.map((m) => `${m?.[1]} ${COUNTED[m?.[2] ?? '']?.[lang]}`).join(lang === 'zh' ? '，' : ', ');
}

/** A log content: an optional head (a kind, a meter, dates) before ": ", then what was counted. */
function logContent(text: string, lang: Lang): string | null {
  const whole = counts(text, lang);
  if (whole) return whole;
  const m = /^(.+?): (.+)$/.exec(text);
  if (!m) return null;
  const tasks = /^(\d+) task\(s\)$/.exec(m[1] ?? '');
  if (tasks) return `${tasks[1]} ${COUNTED['task(s)']?.[lang]}: ${m[2]}`;
  const tail = counts(m[2] ?? '', lang);
  if (!tail) return null;
  const head = (m[1] ?? '').replace(/^([a-z]+)\b/, (k) => KINDS[k]?.[lang] ?? k);
  return `${head}: ${tail}`;
}

/** One clause: the first rule that matches it, a known name, or the clause as written. */
function part(text: string, lang: Exclude<ExportLanguage, 'en'>): string {
  for (const [pattern, render] of RULES) {
    const m = text.match(pattern);
    if (m) return render(m, lang);
  }
  return NAMES[text]?.[lang] ?? text;
}

/**
 * A server-made sentence in `lang` (a task's reason, a relay state, an alarm's detail): clauses are
 * joined by "; " (e.g. "offline: …; retrying"), a list of names by ", " ("terminal cover open, upper
 * cover open").
 */
export function taskReason(text: string | null, lang: ExportLanguage): string | null {
  if (text === null || lang === 'en') return text;
  const whole = NAMES[text]?.[lang];
  if (whole) return whole;
  const logged = logContent(text, lang);
  if (logged) return logged;
  return text
    .split('; ')
    .map((clause) =>
      clause.includes(', ') && !RULES.some(([p]) => p.test(clause))
        ? names(clause, lang)
        : part(clause, lang),
    )
    .join(lang === 'zh' ? '；' : '; ');
}

export const serverText = taskReason;

/** A request's language field ("en", "zh", "zh-CN", "es", …) as a language the server writes, else English. */
export function readerLanguage(lang: string | null | undefined): ExportLanguage {
  const tag = (lang ?? '').trim().toLowerCase().slice(0, 2);
  return tag === 'zh' || tag === 'es' ? tag : 'en';
}
