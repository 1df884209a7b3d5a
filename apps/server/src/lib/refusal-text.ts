import type { ExportLanguage } from '@prepay/contracts';
import { titleIn } from './export-labels.js';
import { CONTRACT_ISSUES, HTTP_RULES, SHORTFALL_RULES } from './refusal-text-engine.js';
import { STS_RULES } from './refusal-text-sts.js';

/**
 * Why a request was refused, in the reader's language. Services refuse in English (logs and the
 * original's clients read that); the error handler renders the envelope's reason here. A rule matches a
 * whole sentence; in its Chinese and Spanish wording `$n` is a captured part kept as written (an id, a
 * number, a list of ids), `{n}` a captured sentence rendered in turn, `[n]` a "; "-list of sentences
 * rendered one by one, and `<n>` a thing's name (meter, role, …). A sentence no rule knows stays as written.
 */
type Lang = Exclude<ExportLanguage, 'en'>;
type Rule = readonly [RegExp, string, string];

/** What a refusal names: the rows and things of the system, and the fields a user may not change. */
const NOUNS: Record<string, Record<Lang, string>> = {
  role: { zh: '角色', es: 'el rol' },
  roles: { zh: '角色', es: 'los roles' },
  station: { zh: '站点', es: 'la estación' },
  user: { zh: '用户', es: 'el usuario' },
  meter: { zh: '电表', es: 'el medidor' },
  task: { zh: '任务', es: 'la tarea' },
  customer: { zh: '客户', es: 'el cliente' },
  gateway: { zh: '网关', es: 'la pasarela' },
  tariff: { zh: '费率', es: 'la tarifa' },
  account: { zh: '账户', es: 'la cuenta' },
  debt: { zh: '欠款', es: 'la deuda' },
  image: { zh: '图片', es: 'la imagen' },
  file: { zh: '文件', es: 'el archivo' },
  quota: { zh: '额度', es: 'la cuota' },
  item: { zh: '数据项', es: 'el elemento' },
  'vending key': { zh: '售电密钥', es: 'la clave de venta' },
  password: { zh: '密码', es: 'contraseña' },
  'authorization password': { zh: '授权密码', es: 'contraseña de autorización' },
};
const THING = '(Role|Station|User|Meter|meter|task|Customer|Gateway|Tariff|Account|Debt|Item|Vending key)';

const ADMIN = '只有系统管理员可以';
const ADMIN_ES = 'Solo un administrador del sistema puede';

/** Who may do what: sessions, permissions, stations and separation of duty. */
const ACCESS: Rule[] = [
  [
    /^Refused: a request signed in by the session cookie must come from the console$/,
    '已拒绝：通过会话 Cookie 登录的请求只能来自控制台',
    'Rechazado: una solicitud autenticada con la cookie de sesión debe venir de la consola',
  ],
  [
    /^You must change your password before doing anything else$/,
    '请先修改密码，然后再进行其他操作',
    'Cambie su contraseña antes de hacer cualquier otra cosa',
  ],
  [/^You do not have permission to do this$/, '您没有执行此操作的权限', 'No tiene permiso para hacer esto'],
  [
    /^Meter (\S+) belongs to another station$/,
    '电表 $1 属于其他站点',
    'El medidor $1 pertenece a otra estación',
  ],
  [
    /^You can only manage rows of your own station \((.*)\)$/,
    '只能管理本站点（$1）的数据',
    'Solo puede gestionar los registros de su propia estación ($1)',
  ],
  [
    /^You cannot grant permissions you do not hold: (.+)$/,
    '不能授予您自己没有的权限：$1',
    'No puede conceder permisos que usted no tiene: $1',
  ],
  [
    /^You cannot change your own (.+): ask another administrator \(separation of duty\)$/,
    '不能修改自己的<1>：请由其他管理员修改（职责分离）',
    'No puede cambiar <1> de su propio usuario: pídalo a otro administrador (separación de funciones)',
  ],
  [
    /^Role (\S+) belongs to the system: only a system administrator may change it$/,
    `角色 $1 属于系统：${ADMIN}修改`,
    `El rol $1 es del sistema: ${ADMIN_ES} cambiarlo`,
  ],
  [
    /^Role (\S+) belongs to station (\S+): only a system administrator may change it$/,
    `角色 $1 属于站点 $2：${ADMIN}修改`,
    `El rol $1 pertenece a la estación $2: ${ADMIN_ES} cambiarlo`,
  ],
  [
    /^You cannot change a role you hold \((\S+)\): ask another administrator$/,
    '不能修改自己拥有的角色（$1）：请由其他管理员修改',
    'No puede cambiar un rol que usted tiene ($1): pídalo a otro administrador',
  ],
  [
    /^Role (\S+) is held by users of another station: only a system administrator may change it$/,
    `其他站点的用户拥有角色 $1：${ADMIN}修改`,
    `Usuarios de otra estación tienen el rol $1: ${ADMIN_ES} cambiarlo`,
  ],
  [
    /^Only a system administrator replaces the images$/,
    `${ADMIN}更换图片`,
    `${ADMIN_ES} reemplazar las imágenes`,
  ],
  [
    /^Only a system administrator manages stations$/,
    `${ADMIN}管理站点`,
    `${ADMIN_ES} gestionar las estaciones`,
  ],
  [
    /^Only a system administrator changes the item dictionary$/,
    `${ADMIN}修改数据项字典`,
    `${ADMIN_ES} cambiar el diccionario de elementos`,
  ],
  [
    /^Only a system administrator manages vending keys$/,
    `${ADMIN}管理售电密钥`,
    `${ADMIN_ES} gestionar las claves de venta`,
  ],
  [
    /^Only a system administrator changes the DL\/T 645 catalogue$/,
    `${ADMIN}修改 DL/T 645 数据项目录`,
    `${ADMIN_ES} cambiar el catálogo DL/T 645`,
  ],
  [
    /^Only a system administrator changes the DLMS catalogue$/,
    `${ADMIN}修改 DLMS 数据项目录`,
    `${ADMIN_ES} cambiar el catálogo DLMS`,
  ],
];

/** Signing in, sessions and the two passwords. */
const SIGN_IN: Rule[] = [
  [/^invalid username or password$/, '用户名或密码错误', 'Usuario o contraseña incorrectos'],
  [/^Please enter the verification code$/, '请输入验证码', 'Introduzca el código de verificación'],
  [/^Verification code error$/, '验证码错误', 'El código de verificación es incorrecto'],
  [
    /^Too many verification codes requested from your address: try again in a few minutes$/,
    '您的地址请求验证码次数过多：请几分钟后再试',
    'Se han pedido demasiados códigos desde su dirección: inténtelo de nuevo en unos minutos',
  ],
  [
    /^Too many failed logins: logging in with this name is locked until (.+)$/,
    '登录失败次数过多：该用户名已锁定至 $1',
    'Demasiados inicios de sesión fallidos: este nombre queda bloqueado hasta $1',
  ],
  [
    /^Too many failed logins: logging in with this name is locked for (\d+) minutes$/,
    '登录失败次数过多：该用户名已锁定 $1 分钟',
    'Demasiados inicios de sesión fallidos: este nombre queda bloqueado durante $1 minutos',
  ],
  [
    /^Too many failed logins from your address: try again after (.+)$/,
    '您的地址登录失败次数过多：请在 $1 之后再试',
    'Demasiados inicios de sesión fallidos desde su dirección: inténtelo de nuevo después de $1',
  ],
  [
    /^This user is disabled; ask an administrator to enable it$/,
    '该用户已停用：请联系管理员启用',
    'Este usuario está desactivado: pida a un administrador que lo active',
  ],
  [/^Please log in first$/, '请先登录', 'Inicie sesión primero'],
  [
    /^Log in to the console first: the API description is for its users$/,
    '请先登录控制台：API 说明仅供控制台用户查看',
    'Inicie sesión primero en la consola: la descripción de la API es para sus usuarios',
  ],
  [
    /^Unsupported charset "(.*)": send JSON as UTF-8$/,
    '不支持的字符集“$1”：请以 UTF-8 发送 JSON',
    'Juego de caracteres "$1" no admitido: envíe el JSON en UTF-8',
  ],
  [/^This user is disabled$/, '该用户已停用', 'Este usuario está desactivado'],
  [
    /^Invalid token, please log in again$/,
    '登录凭证无效，请重新登录',
    'Sesión no válida: vuelva a iniciar sesión',
  ],
  [
    /^Your session ended after inactivity, please log in again$/,
    '长时间未操作，会话已结束，请重新登录',
    'La sesión terminó por inactividad: vuelva a iniciar sesión',
  ],
  [
    /^Your session has ended, please log in again$/,
    '会话已结束，请重新登录',
    'La sesión ha terminado: vuelva a iniciar sesión',
  ],
  [
    /^Your session has expired, please log in again$/,
    '会话已过期，请重新登录',
    'La sesión ha caducado: vuelva a iniciar sesión',
  ],
  [/^The authorization password is required$/, '请输入授权密码', 'Se necesita la contraseña de autorización'],
  [
    /^The authorization password is incorrect$/,
    '授权密码错误',
    'La contraseña de autorización es incorrecta',
  ],
  [
    /^Too many wrong authorization passwords: token actions are locked until (.+)$/,
    '授权密码错误次数过多：令牌操作已锁定至 $1',
    'Demasiadas contraseñas de autorización erróneas: las operaciones con tokens quedan bloqueadas hasta $1',
  ],
  [
    /^Too many wrong authorization passwords: token actions are locked for (\d+) minutes$/,
    '授权密码错误次数过多：令牌操作已锁定 $1 分钟',
    'Demasiadas contraseñas de autorización erróneas: las operaciones con tokens quedan bloqueadas durante $1 minutos',
  ],
  [
    /^The authorization password must differ from the login password$/,
    '授权密码不能与登录密码相同',
    'La contraseña de autorización debe ser distinta de la de inicio de sesión',
  ],
  [
    /^The login password and the authorization password must differ$/,
    '登录密码与授权密码不能相同',
    'La contraseña de inicio de sesión y la de autorización deben ser distintas',
  ],
  [
    /^The new password must differ from the old one$/,
    '新密码不能与旧密码相同',
    'La contraseña nueva debe ser distinta de la anterior',
  ],
  [/^The old password is incorrect$/, '旧密码错误', 'La contraseña anterior es incorrecta'],

  [/^User (\S+): (password|authorization password): (.+)$/, '用户 $1 的<2>：{3}', 'Usuario $1, <2>: {3}'],
  [
    /^A password may not start or end with a space$/,
    '密码首尾不能有空格',
    'La contraseña no puede empezar ni terminar con un espacio',
  ],
  [
    /^A password has at least (\d+) characters$/,
    '密码至少需要 $1 个字符',
    'La contraseña debe tener al menos $1 caracteres',
  ],
  [
    /^This password is too common or too easy to guess .*$/,
    '该密码过于常见或容易被猜到（在常见或泄露密码列表中，或与其相近）：请换一个更长、更难猜的密码',
    'Esta contraseña es demasiado común o fácil de adivinar (figura en listas de contraseñas comunes o filtradas, o se parece a una): elija una más larga y menos previsible',
  ],
];

/** Rows that are missing, duplicated or still in use. */
const ROWS: Rule[] = [
  [/^(Role|Station) not found: (.+)$/, '未找到<1>：$2', 'No se encontró <1>: $2'],
  [/^Alarm (\S+) not found$/, '未找到告警 $1', 'No se encontró la alarma $1'],
  [/^Alarm (\S+) is already acknowledged$/, '告警 $1 已确认', 'La alarma $1 ya está confirmada'],
  [/^Credit token record (\S+) not found$/, '未找到售电记录 $1', 'No se encontró el registro de venta $1'],
  [
    /^Credit token record (\S+) belongs to another station$/,
    '售电记录 $1 属于其他站点',
    'El registro de venta $1 pertenece a otra estación',
  ],
  [
    /^Credit token record (\S+) is already cancelled$/,
    '售电记录 $1 已撤销',
    'El registro de venta $1 ya está anulado',
  ],
  [/^No meter matches this selection$/, '没有符合此选择的表计', 'Ningún medidor coincide con esta selección'],
  [
    /^Meter (\S+) is not in key campaign (\S+)$/,
    '表计 $1 不在换密钥批次 $2 中',
    'El medidor $1 no está en la campaña de cambio de clave $2',
  ],
  [
    /^Key campaign (\S+) not found$/,
    '未找到换密钥批次 $1',
    'No se encontró la campaña de cambio de clave $1',
  ],
  [
    /^Meter (\S+) has no key change tokens to accept$/,
    '表计 $1 没有待确认的换密钥令牌',
    'El medidor $1 no tiene tokens de cambio de clave por aceptar',
  ],
  [
    /^Key change record (\S+) not found$/,
    '未找到换密钥记录 $1',
    'No se encontró el registro de cambio de clave $1',
  ],
  [
    /^Key change record (\S+) belongs to another station$/,
    '换密钥记录 $1 属于其他站点',
    'El registro de cambio de clave $1 pertenece a otra estación',
  ],
  [
    /^Key change record (\S+) is already confirmed$/,
    '换密钥记录 $1 已确认',
    'El registro de cambio de clave $1 ya está confirmado',
  ],
  [new RegExp(`^${THING}(?: (.+))? not found$`), '未找到<1> $2', 'No se encontró <1> $2'],
  [new RegExp(`^${THING} already exists: (.+)$`), '<1>已存在：$2', '<1> ya existe: $2'],
  [/^The request has duplicate lines$/, '请求中有重复的行', 'La solicitud tiene líneas repetidas'],
  [
    /^The request has duplicate lines: (.+)$/,
    '请求中有重复的行：$1',
    'La solicitud tiene líneas repetidas: $1',
  ],
  [
    /^The imported file has duplicate lines: (.+)\. Nothing was imported$/,
    '导入的文件中有重复的行：[1]。未导入任何数据',
    'El archivo importado tiene líneas repetidas: [1]. No se importó nada',
  ],
  [/^Nothing was saved\. (.+)$/, '未保存任何数据。[1]', 'No se guardó nada. [1]'],
  [/^Nothing was imported\. (.+)$/, '未导入任何数据。[1]', 'No se importó nada. [1]'],
  [/^… and (\d+) more$/, '……另有 $1 条', '… y $1 más'],
  [
    /^The role is still held by users; change their roles first$/,
    '仍有用户拥有该角色：请先修改这些用户的角色',
    'Aún hay usuarios con este rol: cambie primero sus roles',
  ],
  [
    /^The station still has users; move or delete them first$/,
    '该站点仍有用户：请先移走或删除这些用户',
    'La estación aún tiene usuarios: muévalos o elimínelos primero',
  ],
  [
    /^The system station cannot be deleted$/,
    '系统站点不能删除',
    'La estación del sistema no se puede eliminar',
  ],
  [/^You cannot delete yourself$/, '不能删除自己', 'No puede eliminarse a sí mismo'],
  [/^You cannot disable yourself$/, '不能停用自己', 'No puede desactivarse a sí mismo'],
  [/^You do not hold the role (\S+)$/, '您没有角色 $1', 'Usted no tiene el rol $1'],
  [/^cannot sort by "(.*)"$/, '不能按“$1”排序', 'No se puede ordenar por "$1"'],
];

/** What one row of a batch or an import is refused for ("Line 2: M1: not found"). */
const ROW: Rule[] = [
  [/^(Line|Row) (\d+): (.+)$/, '第 $2 行：{3}', 'Línea $2: {3}'],
  [/^Row (\d+), column "(.+)": (.+)$/, '第 $1 行，列“<2>”：{3}', 'Fila $1, columna "<2>": {3}'],
  [/^row (\d+) repeats row (\d+)$/, '第 $1 行与第 $2 行重复', 'la fila $1 repite la fila $2'],
  [
    /^row (\d+) has the same (.+) as row (\d+) \((.*)\)$/,
    '第 $1 行的<2>与第 $3 行相同（$4）',
    'la fila $1 tiene el mismo <2> que la fila $3 ($4)',
  ],
  [/^line (\d+) \((.*)\)$/, '第 $1 行（$2）', 'línea $1 ($2)'],
  [
    /^"(.*)" is not accepted; accepted values: (.+)$/,
    '“$1”不可接受；可接受的值：$2',
    '"$1" no se acepta; valores aceptados: $2',
  ],
  [/^not found$/, '未找到', 'no encontrado'],
  [/^already exists$/, '已存在', 'ya existe'],
  [
    /^the range is two date-times "yyyy-MM-dd HH:mm:ss,yyyy-MM-dd HH:mm:ss" \(from, to\)$/,
    '时间范围应为两个日期时间 "yyyy-MM-dd HH:mm:ss,yyyy-MM-dd HH:mm:ss"（起，止）',
    'el intervalo son dos fechas y horas "yyyy-MM-dd HH:mm:ss,yyyy-MM-dd HH:mm:ss" (desde, hasta)',
  ],
  [/^the range ends before it starts$/, '时间范围的结束早于开始', 'el intervalo termina antes de empezar'],
  [/^(customer|meter|tariff) (\S+) not found$/, '未找到<1> $2', 'no se encontró <1> $2'],
  [new RegExp(`^${THING} (\\S+): not found$`), '未找到<1> $2', 'no se encontró <1> $2'],
  [/^customer not found$/, '未找到客户', 'no se encontró el cliente'],
  [
    /^(customer|meter|tariff) (\S+) belongs to station (\S+)$/,
    '<1> $2 属于站点 $3',
    '<1> $2 pertenece a la estación $3',
  ],
  [
    /^meter (\S+) already has an account \(customer (\S+)\)$/,
    '电表 $1 已有账户（客户 $2）',
    'el medidor $1 ya tiene cuenta (cliente $2)',
  ],
  [/^no account for meter (\S+)$/, '电表 $1 没有账户', 'el medidor $1 no tiene cuenta'],
  [/^di is required$/, '必须填写 di', 'di es obligatorio'],
  [
    /^only a control or token item invokes a method$/,
    '只有控制或令牌数据项才能调用方法',
    'solo un elemento de control o de token invoca un método',
  ],
  [
    /^startTime_New must be later than startTime$/,
    'startTime_New 必须晚于 startTime',
    'startTime_New debe ser posterior a startTime',
  ],
  [
    /^has accounts; delete them before moving the customer to another station$/,
    '该客户有账户：请先删除账户，再将客户移到其他站点',
    'tiene cuentas: elimínelas antes de mover el cliente a otra estación',
  ],
  [
    /^it is bound to an account; delete the account before moving it to another station$/,
    '已绑定账户：请先删除账户，再将其移到其他站点',
    'está vinculado a una cuenta: elimine la cuenta antes de moverlo a otra estación',
  ],
  [
    /^a decoder key needs the STS fields it belongs to \(sgc, krn, ti, kt\)$/,
    '解码密钥需要其所属的 STS 字段（sgc、krn、ti、kt）',
    'una clave de decodificación necesita sus campos STS (sgc, krn, ti, kt)',
  ],
  [
    /^cannot derive the decoder key: (.+)$/,
    '无法生成解码密钥：{1}',
    'no se puede derivar la clave de decodificación: {1}',
  ],
  [
    /^the key vault does not release DLMS keys to the head-end$/,
    '密钥库不向前置机提供 DLMS 密钥',
    'el almacén de claves no entrega las claves DLMS al sistema de cabecera',
  ],
  [
    /^DLMS authentication low needs dlmsPassword$/,
    'DLMS 低级认证需要 dlmsPassword',
    'la autenticación DLMS baja necesita dlmsPassword',
  ],
  [
    /^DLMS authentication high-gmac needs dlmsAuthenticationKey and dlmsBlockCipherKey$/,
    'DLMS high-gmac 认证需要 dlmsAuthenticationKey 和 dlmsBlockCipherKey',
    'la autenticación DLMS high-gmac necesita dlmsAuthenticationKey y dlmsBlockCipherKey',
  ],
  [
    /^decoderKey must be (\d+) hex digits for EA(\d+)$/,
    'EA$2 的 decoderKey 应为 $1 位十六进制数',
    'decoderKey debe tener $1 dígitos hexadecimales para EA$2',
  ],
  [
    /^totalDebt cannot be less than what was already recovered \((.+)\)$/,
    'totalDebt 不能少于已回收的金额（$1）',
    'totalDebt no puede ser menor que lo ya recuperado ($1)',
  ],
  [
    /^(\w+): only the last step may be open-ended$/,
    '$1：只有最后一个阶梯可以不设上限',
    '$1: solo el último tramo puede quedar abierto',
  ],
  [
    /^(\w+): step (\d+) ends before it starts$/,
    '$1：第 $2 阶梯的结束早于开始',
    '$1: el tramo $2 termina antes de empezar',
  ],
  [
    /^(\w+): step (\d+) must start where step (\d+) ends$/,
    '$1：第 $2 阶梯必须从第 $3 阶梯结束处开始',
    '$1: el tramo $2 debe empezar donde termina el tramo $3',
  ],
  [/^(\w+): the first step starts at 0$/, '$1：第一个阶梯从 0 开始', '$1: el primer tramo empieza en 0'],
];
/** A row's name before what is wrong with it ("M1: not found"), tried after everything else. */
const NAMED: Rule[] = [
  [
    /^(customer|meter|tariff|gateway|station|user|role|account|debt|item) (\S+): (.+)$/i,
    '<1> $2：{3}',
    '<1> $2: {3}',
  ],
  [/^([^:;]+): (.+)$/, '$1：{2}', '$1: {2}'],
];

/** Meters, keys and vending. */
const VENDING: Rule[] = [
  [
    /^Meter (\S+) has no account: bind it to a customer first$/,
    '电表 $1 没有账户：请先将其绑定到客户',
    'El medidor $1 no tiene cuenta: vincúlelo primero a un cliente',
  ],
  [
    /^Meter (\S+) has no decoder key: set its STS keys first$/,
    '电表 $1 没有解码密钥：请先设置其 STS 密钥',
    'El medidor $1 no tiene clave de decodificación: configure primero sus claves STS',
  ],
  [
    /^Meter (\S+) is busy with other vends: try again$/,
    '电表 $1 正在处理其他售电：请重试',
    'El medidor $1 está ocupado con otras ventas: inténtelo de nuevo',
  ],
  [
    /^Meter (\S+) uses EA(\d+): its new key is (\d+) hex digits$/,
    '电表 $1 使用 EA$2：新密钥应为 $3 位十六进制数',
    'El medidor $1 usa EA$2: su clave nueva tiene $3 dígitos hexadecimales',
  ],
  [
    /^No new key for meter (\S+): give one in Update Meter Key$/,
    '电表 $1 没有新密钥：请在“更新电表密钥”中填写',
    'El medidor $1 no tiene clave nueva: indíquela en Actualizar clave del medidor',
  ],
  [
    /^Meter (\S+) cannot be accepted in a batch$/,
    '电表 $1 无法批量确认',
    'El medidor $1 no se puede aceptar en un lote',
  ],
  [
    /^Set the new key of meter (\S+) first \(Update Meter Key\)$/,
    '请先设置电表 $1 的新密钥（更新电表密钥）',
    'Configure primero la clave nueva del medidor $1 (Actualizar clave del medidor)',
  ],
  [
    /^The account of meter (\S+) has no tariff$/,
    '电表 $1 的账户没有费率',
    'La cuenta del medidor $1 no tiene tarifa',
  ],
  [
    /^meter (\S+) is not a communicating electricity or water meter$/,
    '电表 $1 不是可通信的电表或水表',
    'El medidor $1 no es un medidor de electricidad o agua con comunicación',
  ],
  [
    /^Quota exceeded: (\S+) kWh asked, (\S+) kWh left$/,
    '超出额度：申请 $1 kWh，剩余 $2 kWh',
    'Cuota superada: se piden $1 kWh y quedan $2 kWh',
  ],
  [
    /^SGC (\S+) KRN (\S+): a DKGA(\d+) vending key is (\d+) hex digits$/,
    'SGC $1 KRN $2：DKGA$3 售电密钥应为 $4 位十六进制数',
    'SGC $1 KRN $2: una clave de venta DKGA$3 tiene $4 dígitos hexadecimales',
  ],
  [/^Vending key not found$/, '未找到售电密钥', 'No se encontró la clave de venta'],
  [
    /^Vending key not found: SGC (\S+) KRN (\S+)$/,
    '未找到售电密钥：SGC $1 KRN $2',
    'No se encontró la clave de venta: SGC $1 KRN $2',
  ],

  [
    /^SGC (\S+) KRN (\S+): no transport key has the fingerprint (\S+)$/,
    'SGC $1 KRN $2：没有指纹为 $3 的传输密钥',
    'SGC $1 KRN $2: ninguna clave de transporte tiene la huella $3',
  ],
  [
    /^SGC (\S+) KRN (\S+): the wrapped key does not open with that transport key \(wrapped for another, or damaged\)$/,
    'SGC $1 KRN $2：该传输密钥无法解开此封装密钥（为其他传输密钥封装，或已损坏）',
    'SGC $1 KRN $2: la clave envuelta no se abre con esa clave de transporte (envuelta para otra, o dañada)',
  ],
  [
    /^SGC (\S+) KRN (\S+): the unwrapped key is (\d+) bytes; a DKGA(\d+) vending key is (\d+)$/,
    'SGC $1 KRN $2：解封的密钥为 $3 字节；DKGA$4 售电密钥应为 $5 字节',
    'SGC $1 KRN $2: la clave desenvuelta tiene $3 bytes; una clave de venta DKGA$4 tiene $5',
  ],
  [
    /^SGC (\S+) KRN (\S+): the unwrapped key is not the key its check value names; nothing was stored$/,
    'SGC $1 KRN $2：解封的密钥与其校验值不符；未保存任何内容',
    'SGC $1 KRN $2: la clave desenvuelta no es la que nombra su valor de control; no se guardó nada',
  ],

  [
    /^SGC (\S+) KRN (\S+) already has a vending key; remove it before generating a new one$/,
    'SGC $1 KRN $2 已有售电密钥；请先删除再生成新密钥',
    'SGC $1 KRN $2 ya tiene una clave de venta; elimínela antes de generar una nueva',
  ],
  [
    /^SGC (\S+) KRN (\S+): the key expiry (\S+) is before the base date (\S+)$/,
    'SGC $1 KRN $2：密钥到期日 $3 早于基准日期 $4',
    'SGC $1 KRN $2: el vencimiento de la clave $3 es anterior a la fecha base $4',
  ],
  [
    /^A credit token carries at most (\S+) units; (\S+) is more: vend it as several tokens$/,
    '一个充值令牌最多 $1 个单位；$2 超出上限：请分成多个令牌售出',
    'Un token de crédito lleva como máximo $1 unidades; $2 es más: véndalo en varios tokens',
  ],
  [
    /^A token cannot carry exactly (\S+); the nearest is (\S+)$/,
    '令牌无法精确表示 $1；最接近的值为 $2',
    'Un token no puede llevar exactamente $1; el valor más cercano es $2',
  ],
  [
    /^This idempotency key was already used for a different vend .*$/,
    '该幂等键已用于另一笔不同的售电（电表、金额或欠款比例不同）：新的售电请使用新的键',
    'Esta clave de idempotencia ya se usó en otra venta (difieren el medidor, el importe o la parte de deuda): use una clave nueva para una venta nueva',
  ],
  [
    /^The tariff has no price for that much energy$/,
    '该费率没有这么多电量的价格',
    'La tarifa no tiene precio para tanta energía',
  ],
  [
    /^The amount does not cover the monthly charge and the debt share$/,
    '金额不足以支付月费和欠款分摊',
    'El importe no cubre el cargo mensual y la parte de deuda',
  ],
  [
    /^The amount is too small to buy 0\.1 kWh$/,
    '金额太小，买不到 0.1 kWh',
    'El importe es demasiado pequeño para comprar 0,1 kWh',
  ],
  [/^The amount must be greater than zero$/, '金额必须大于零', 'El importe debe ser mayor que cero'],
];

/** Uploads, imports, images and collection. */
const FILES: Rule[] = [
  [
    /^No file was sent \(field "file"\)$/,
    '没有发送文件（字段 "file"）',
    'No se envió ningún archivo (campo "file")',
  ],
  [
    /^Send the file as multipart\/form-data in a field named "file"$/,
    '请以 multipart/form-data 格式在名为 "file" 的字段中发送文件',
    'Envíe el archivo como multipart/form-data en un campo llamado "file"',
  ],
  [/^The upload could not be read$/, '无法读取上传的内容', 'No se pudo leer lo subido'],
  [
    /^The upload could not be read: send one file as multipart\/form-data$/,
    '无法读取上传的内容：请以 multipart/form-data 格式发送一个文件',
    'No se pudo leer lo subido: envíe un archivo como multipart/form-data',
  ],
  [
    /^Only firmware images can be uploaded \(\.bin\)$/,
    '只能上传固件镜像（.bin）',
    'Solo se pueden subir imágenes de firmware (.bin)',
  ],
  [/^The firmware image is empty$/, '固件镜像为空', 'La imagen de firmware está vacía'],
  [/^Firmware file (.+) already exists$/, '固件文件 $1 已存在', 'El archivo de firmware $1 ya existe'],
  [/^Firmware file (.+) not found$/, '未找到固件文件 $1', 'No se encontró el archivo de firmware $1'],
  [/^Firmware task (\S+) not found$/, '未找到固件升级任务 $1', 'No se encontró la tarea de firmware $1'],
  [
    /^Only PNG images can be uploaded \(\.png\)$/,
    '只能上传 PNG 图片（.png）',
    'Solo se pueden subir imágenes PNG (.png)',
  ],
  [
    /^Only PNG images can be uploaded \(the file is not a PNG image\)$/,
    '只能上传 PNG 图片（该文件不是 PNG 图片）',
    'Solo se pueden subir imágenes PNG (el archivo no es una imagen PNG)',
  ],
  [
    /^The PNG image is damaged \(no size in its header\)$/,
    'PNG 图片已损坏（文件头中没有尺寸）',
    'La imagen PNG está dañada (su cabecera no indica el tamaño)',
  ],
  [/^The image is larger than 2 MB$/, '图片超过 2 MB', 'La imagen ocupa más de 2 MB'],
  [/^The (image|file) is larger than (\S+) MB$/, '<1>超过 $2 MB', '<1> ocupa más de $2 MB'],
  [
    /^slot must be loginBackground or receiptLogo$/,
    'slot 必须是 loginBackground 或 receiptLogo',
    'slot debe ser loginBackground o receiptLogo',
  ],
  [
    /^The file is empty: download the import template and fill in its rows$/,
    '文件为空：请下载导入模板并填写数据行',
    'El archivo está vacío: descargue la plantilla de importación y rellene sus filas',
  ],
  [/^The file is empty$/, '文件为空', 'El archivo está vacío'],
  [
    /^The file has no rows to import \(only the header row\)$/,
    '文件中没有可导入的数据行（只有标题行）',
    'El archivo no tiene filas que importar (solo la fila de títulos)',
  ],
  [
    /^The file has no column (.+) in its first row: use the import template$/,
    '文件第一行中没有列 $1：请使用导入模板',
    'La primera fila del archivo no tiene la columna $1: use la plantilla de importación',
  ],
  [
    /^Only \.xls or \.xlsx files can be imported \((.*) is neither\)$/,
    '只能导入 .xls 或 .xlsx 文件（$1 都不是）',
    'Solo se pueden importar archivos .xls o .xlsx ($1 no es ninguno de ellos)',
  ],
  [
    /^This is an Excel 97–2003 \(\.xls\) workbook, which cannot be read.*$/,
    '这是 Excel 97–2003（.xls）工作簿，无法读取：请在 Excel 中打开并另存为 .xlsx，再导入该文件',
    'Es un libro de Excel 97–2003 (.xls), que no se puede leer: ábralo en Excel, guárdelo como .xlsx e importe ese archivo',
  ],
  [
    /^The file is not an Excel workbook .*$/,
    '该文件不是 Excel 工作簿（.xlsx 文件是 zip 压缩包，而该文件不是）',
    'El archivo no es un libro de Excel (un .xlsx es un archivo zip; este no lo es)',
  ],
  [
    /^The file is damaged or is not a valid \.xlsx workbook .*$/,
    '文件已损坏或不是有效的 .xlsx 工作簿（无法解压读取）',
    'El archivo está dañado o no es un libro .xlsx válido (no se puede descomprimir y leer)',
  ],
  [
    /^Only finished days can be collected$/,
    '只能采集已结束的日期',
    'Solo se pueden recoger días ya terminados',
  ],
  [
    /^A meter keeps (\d+) settlement records$/,
    '电表只保存 $1 个结算记录',
    'Un medidor guarda $1 cierres de facturación',
  ],
  [
    /^Days older than (\d+) days are no longer in the meter$/,
    '早于 $1 天的日数据已不在电表中',
    'Los días de hace más de $1 días ya no están en el medidor',
  ],
];

/** Requests the server could not accept as sent, and the database's own refusals. */
const REQUEST: Rule[] = [
  [/^Not accepted\. (.+)$/, '未被接受。[1]', 'No aceptado. [1]'],
  [
    /^Not accepted: the request body is nested more than (\d+) levels deep .*$/,
    '未被接受：请求正文嵌套超过 $1 层（没有任何请求需要这么多层）',
    'No aceptado: el cuerpo de la solicitud tiene más de $1 niveles de anidamiento (ninguna solicitud los necesita)',
  ],
  [
    /^Validation failed: (.+?): text may not contain the NUL character \(\\u0000\)$/,
    '校验失败：$1：文本不能包含 NUL 字符（\\u0000）',
    'Validación fallida: $1: el texto no puede contener el carácter NUL (\\u0000)',
  ],
  [
    /^Validation failed: (\S+) is not a decimal with at most (\d+) decimals$/,
    '校验失败：$1 不是最多 $2 位小数的数字',
    'Validación fallida: $1 no es un número con $2 decimales como máximo',
  ],
  [
    /^Validation failed: (.+?): (a .+) \(the request was not applied\)$/,
    '校验失败：$1：{2}（请求未执行）',
    'Validación fallida: $1: {2} (no se aplicó la solicitud)',
  ],
  [
    /^Validation failed: (.+) \(the request was not applied\)$/,
    '校验失败：{1}（请求未执行）',
    'Validación fallida: {1} (no se aplicó la solicitud)',
  ],
  [
    /^a number is out of the range its field can hold$/,
    '数字超出字段可容纳的范围',
    'un número está fuera del rango que admite su campo',
  ],
  [
    /^a value has the wrong form for its field$/,
    '值的格式不符合字段要求',
    'un valor no tiene la forma que pide su campo',
  ],
  [/^a date or time is not valid$/, '日期或时间无效', 'una fecha u hora no es válida'],
  [/^a date or time is out of range$/, '日期或时间超出范围', 'una fecha u hora está fuera de rango'],
  [
    /^a text is longer than its field can hold$/,
    '文本超过字段长度',
    'un texto es más largo de lo que admite su campo',
  ],
  [
    /^a text contains a character that cannot be stored$/,
    '文本包含无法保存的字符',
    'un texto contiene un carácter que no se puede guardar',
  ],
  [/^a value is not valid for its field$/, '值对该字段无效', 'un valor no es válido para su campo'],
  [/^The request body is too large$/, '请求正文过大', 'El cuerpo de la solicitud es demasiado grande'],
  [/^Internal server error$/, '服务器内部错误', 'Error interno del servidor'],
  [
    /^The database is switching to its standby\. .*$/,
    '数据库正在切换到备用库。本次请求未保存任何数据：请稍后重新发送（售电请使用相同的幂等键）',
    'La base de datos está pasando a su reserva. Esta solicitud no guardó nada: envíela de nuevo en un momento (una venta, con la misma clave de idempotencia)',
  ],
];

/** One validation issue's message (plain-issues' wording). */
const ISSUE: Rule[] = [
  [/^a value is required$/, '必填', 'es obligatorio'],
  [/^must be a number$/, '必须是数字', 'debe ser un número'],
  [/^must be a (string|boolean|object|array|date)$/, '必须是<1>', 'debe ser <1>'],
  [/^must be at least (\S+) characters$/, '至少 $1 个字符', 'debe tener al menos $1 caracteres'],
  [/^must be at least (\S+) items$/, '至少 $1 项', 'debe tener al menos $1 elementos'],
  [/^must be at least (\S+)$/, '不能小于 $1', 'debe ser al menos $1'],
  [/^must be at most (\S+) characters$/, '最多 $1 个字符', 'debe tener como máximo $1 caracteres'],
  [/^must be at most (\S+) items$/, '最多 $1 项', 'debe tener como máximo $1 elementos'],
  [/^must be at most (\S+)$/, '不能大于 $1', 'debe ser como máximo $1'],
  [/^must be one of (.+)$/, '必须是以下之一：$1', 'debe ser uno de: $1'],
  [/^is not one of the accepted values$/, '不是可接受的值', 'no es un valor aceptado'],
  ...CONTRACT_ISSUES,
];
Object.assign(NOUNS, {
  string: { zh: '文本', es: 'un texto' },
  boolean: { zh: '是或否', es: 'sí o no' },
  object: { zh: '对象', es: 'un objeto' },
  array: { zh: '列表', es: 'una lista' },
  date: { zh: '日期', es: 'una fecha' },
});

/** The network of feeders and transformers, and the guards of a supply cut. */
const NETWORK: Rule[] = [
  [/^transformer (\S+) not found$/, '未找到变压器 $1', 'No se encontró el transformador $1'],
  [/^feeder (\S+) not found$/, '未找到馈线 $1', 'No se encontró el alimentador $1'],
  [/^(?:check meter|meter) (\S+) not found$/, '未找到电表 $1', 'No se encontró el medidor $1'],
  [
    /^transformer (\S+) is in another station$/,
    '变压器 $1 属于其他站点',
    'El transformador $1 pertenece a otra estación',
  ],
  [
    /^feeder (\S+) is in another station$/,
    '馈线 $1 属于其他站点',
    'El alimentador $1 pertenece a otra estación',
  ],
  [
    /^(?:check meter|[Mm]eter) (\S+) is in another station$/,
    '电表 $1 属于其他站点',
    'El medidor $1 pertenece a otra estación',
  ],
  [
    /^feeder (.+) still has transformers; move them first$/,
    '馈线 $1 下仍有变压器；请先移走它们',
    'El alimentador $1 aún tiene transformadores; muévalos primero',
  ],
  [
    /^transformer (.+) still supplies meters; move them first$/,
    '变压器 $1 仍在为电表供电；请先移走这些电表',
    'El transformador $1 aún abastece medidores; muévalos primero',
  ],
  [
    /^meter (\S+): transformer (\S+) is in another station$/,
    '电表 $1：变压器 $2 属于其他站点',
    'medidor $1: el transformador $2 pertenece a otra estación',
  ],
  [
    /^The authorization password cannot be checked here$/,
    '此处无法核对授权密码',
    'Aquí no se puede comprobar la contraseña de autorización',
  ],
];

/** Vendors of the sales channels and their floats. */
const CHANNELS: Rule[] = [
  [/^Vendor not found$/, '未找到售电商', 'No se encontró el vendedor'],
  [
    /^A vendor whose float has moved cannot be deleted: disable it instead$/,
    '预存款有过变动的售电商不能删除：请改为停用',
    'No se puede eliminar un vendedor cuyo saldo tuvo movimientos: desactívelo',
  ],
  [
    /^The adjustment would take the float past its credit limit$/,
    '此调整会使预存款超出信用额度',
    'El ajuste llevaría el saldo más allá de su límite de crédito',
  ],
  [/^Payment not found$/, '未找到付款', 'No se encontró el pago'],
  [
    /^Only a queued payment can be resolved$/,
    '只能处理待处理的付款',
    'Solo se puede resolver un pago en cola',
  ],
  [/^The payment was resolved meanwhile$/, '该付款已被他人处理', 'El pago se resolvió mientras tanto'],
  [/^The meter is not in your station$/, '该电表不属于您的站点', 'El medidor no es de su estación'],
  [
    /^The payment cannot be sold: the meter is unknown to this vendor$/,
    '无法售电：该售电商不认识此电表',
    'No se puede vender el pago: el vendedor no conoce el medidor',
  ],
  [
    /^The payment cannot be sold: the meter has no account or tariff$/,
    '无法售电：该电表没有账户或费率',
    'No se puede vender el pago: el medidor no tiene cuenta o tarifa',
  ],
  [
    /^The payment cannot be sold: its amount is out of range$/,
    '无法售电：金额超出范围',
    'No se puede vender el pago: el importe está fuera de rango',
  ],
  [
    /^The payment cannot be sold: the vendor's float cannot cover it$/,
    '无法售电：售电商预存款不足',
    'No se puede vender el pago: el fondo del vendedor no lo cubre',
  ],
  [
    /^The payment cannot be sold: the vend was declined$/,
    '无法售电：售电被拒绝',
    'No se puede vender el pago: la venta fue rechazada',
  ],
];

/** The descriptions of XMLVend's SOAP faults (a schema fault may add the parser's finding, kept as written). */
const XMLVEND: Rule[] = [
  [
    /^The request is not a valid XMLVend 2\.1 message(?: (\(.+\)))?$/,
    '请求不是有效的 XMLVend 2.1 消息 $1',
    'La solicitud no es un mensaje XMLVend 2.1 válido $1',
  ],
  [/^This XMLVend request is not supported$/, '不支持此 XMLVend 请求', 'Esta solicitud XMLVend no se admite'],
  [
    /^The client, terminal or credential is not recognised$/,
    '无法识别客户端、终端或凭据',
    'No se reconoce el cliente, el terminal o la credencial',
  ],
  [/^Unknown meter number$/, '未知的表号', 'Número de medidor desconocido'],
  [
    /^The meter is blocked: no sale is possible$/,
    '该电表已被封锁：无法售电',
    'El medidor está bloqueado: no se puede vender',
  ],
  [
    /^The vendor credit does not cover this purchase$/,
    '售电商的额度不足以支付此次购买',
    'El crédito del vendedor no cubre esta compra',
  ],
  [
    /^The vendor daily limit is reached$/,
    '已达到售电商的每日限额',
    'Se alcanzó el límite diario del vendedor',
  ],
  [/^The purchase value is too low$/, '购买金额过低', 'El valor de la compra es demasiado bajo'],
  [
    /^This message id was used before: send a last-response advice$/,
    '此消息编号已被使用：请发送最后应答通知',
    'Este id de mensaje ya se usó: envíe un aviso de última respuesta',
  ],
  [/^The vend was declined$/, '售电被拒绝', 'La venta fue rechazada'],
  [/^Transaction does not exist$/, '交易不存在', 'La transacción no existe'],
  [
    /^The transaction cannot be reversed: its token is used or it is confirmed$/,
    '该交易无法冲正：其令牌已被使用或交易已确认',
    'La transacción no se puede revertir: su token ya se usó o está confirmada',
  ],
  [
    /^The transaction cannot be confirmed: it was reversed$/,
    '该交易无法确认：已被冲正',
    'La transacción no se puede confirmar: fue revertida',
  ],
  [
    /^No purchase to reprint for this meter$/,
    '该电表没有可补打的购买',
    'No hay compra que reimprimir para este medidor',
  ],
  [/^The request could not be completed$/, '请求无法完成', 'No se pudo completar la solicitud'],
];

/** Revenue-protection cases: who a case goes to and the order of its steps. */
const CASES: Rule[] = [
  [/^case (\d+): (.+)$/, '案件 $1：{2}', 'caso $1: {2}'],
  [/^case (\d+) not found$/, '未找到案件 $1', 'No se encontró el caso $1'],
  [/^photo (\d+) not found$/, '未找到照片 $1', 'No se encontró la foto $1'],
  [/^case (\d+) is closed$/, '案件 $1 已结案', 'El caso $1 está cerrado'],
  [
    /^case (\S+) is named twice; send one step per case$/,
    '案件 $1 出现了两次；每个案件只发送一个步骤',
    'El caso $1 aparece dos veces; envíe un paso por caso',
  ],
  [/^user (\S+) not found$/, '未找到用户 $1', 'no se encontró el usuario $1'],
  [/^user (\S+) is in another station$/, '用户 $1 属于其他站点', 'el usuario $1 pertenece a otra estación'],
  [/^a case is already open on this meter$/, '该电表已有未结案件', 'ya hay un caso abierto en este medidor'],
  [/^the case is closed$/, '案件已结案', 'el caso está cerrado'],
  [
    /^record the inspection before closing the case$/,
    '请先记录检查结果再结案',
    'registre la inspección antes de cerrar el caso',
  ],
  [
    /^a case closed with no fault recovers nothing$/,
    '结论为无问题的案件不能追回金额',
    'un caso cerrado sin falla no recupera nada',
  ],
  [
    /^the meter has no customer account to charge$/,
    '该电表没有可计入欠款的客户账户',
    'el medidor no tiene una cuenta de cliente a la que cargar',
  ],
  [/^caseId must name a case$/, 'caseId 必须指明一个案件', 'caseId debe indicar un caso'],
  [/^photoId must be a number$/, 'photoId 必须是数字', 'photoId debe ser un número'],
];

const RULES: Rule[] = [
  ...CASES,
  ...[...NETWORK, ...ACCESS, ...SIGN_IN, ...ROWS, ...VENDING, ...FILES, ...REQUEST, ...ROW],
  ...[...HTTP_RULES, ...SHORTFALL_RULES, ...STS_RULES, ...CHANNELS],
  ...XMLVEND,
];

/** Every English sentence the rules know (for the test that each refusal has its zh and es). */
export const REFUSAL_RULES: readonly RegExp[] = [...RULES, ...ISSUE].map(([p]) => p);

const noun = (text: string, lang: Lang) =>
  text
    .split(', ')
    .map((n) => NOUNS[n.toLowerCase()]?.[lang] ?? titleIn(lang, n) ?? n)
    .join(lang === 'zh' ? '、' : ', ');

/** Where a "; "-list starts its next sentence (a row's own message may hold "; " too). */
const NEXT_SENTENCE = /; (?=[A-Z…]|(?:row|line) \d)/;

function fill(template: string, m: RegExpMatchArray, lang: Lang): string {
  return template.replace(/\$(\d)|\{(\d)\}|\[(\d)\]|<(\d)>/g, (_, kept, sentence, list, name) => {
    const part = m[Number(kept ?? sentence ?? list ?? name)] ?? '';
    if (kept) return part;
    if (sentence) return sentenceIn(part, lang);
    if (name) return noun(part, lang);
    return part
      .split(NEXT_SENTENCE)
      .map((s) => sentenceIn(s, lang))
      .join(lang === 'zh' ? '；' : '; ');
  });
}

function byRules(rules: readonly Rule[], text: string, lang: Lang): string | null {
  for (const [pattern, zh, es] of rules) {
    const m = text.match(pattern);
    if (m) return fill(lang === 'zh' ? zh : es, m, lang).trimEnd();
  }
  return null;
}

/** A field title no column names ("Is Vend By Total Paid") as the API spells the field: isVendByTotalPaid. */
const apiName = (title: string) =>
  title
    .split(' ')
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w))
    .join('');

/** "Line 2, Decoder Key" in `lang`: line and item numbers, and field titles the console knows. */
function placeIn(place: string, lang: Lang): string {
  return place
    .split(', ')
    .map((p) => {
      const n = /^(Line|item) (\d+)$/.exec(p);
      if (n?.[1] === 'Line') return lang === 'zh' ? `第 ${n[2]} 行` : `Línea ${n[2]}`;
      if (n) return lang === 'zh' ? `第 ${n[2]} 项` : `elemento ${n[2]}`;
      return titleIn(lang, p) ?? NOUNS[p.toLowerCase()]?.[lang] ?? apiName(p);
    })
    .join(lang === 'zh' ? '，' : ', ');
}

/** One validation issue: "Place: message", or a message alone. */
function issueIn(text: string, lang: Lang): string | null {
  const whole = byRules(ISSUE, text, lang);
  if (whole) return whole;
  const m = /^(.+?): (.+)$/.exec(text);
  // A field's message is an issue's wording, or any sentence the rules know (a contract's own message).
  const message = m ? (byRules(ISSUE, m[2] ?? '', lang) ?? byRules(RULES, m[2] ?? '', lang)) : null;
  return m && message ? `${placeIn(m[1] ?? '', lang)}${lang === 'zh' ? '：' : ': '}${message}` : null;
}

function sentenceIn(text: string, lang: Lang): string {
  return byRules(RULES, text, lang) ?? issueIn(text, lang) ?? byRules(NAMED, text, lang) ?? text;
}

/** A refusal's reason in `lang`; English (the language services refuse in) is returned as it is. */
export function refusalText(reason: string, lang: ExportLanguage): string {
  if (lang === 'en') return reason;
  const text = sentenceIn(reason, lang);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
