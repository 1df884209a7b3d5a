/**
 * Refusals the server does not word itself, in Chinese and Spanish (the rules' form is refusal-text's):
 * the HTTP layer's own answers (unknown path, wrong method, media type, a body that is not JSON), the
 * messages the shared contracts attach to a field, the STS engine's errors a vend or a key change passes
 * on, and a payment too small to vend.
 */
type Rule = readonly [RegExp, string, string];

/** The HTTP layer: what Fastify or the server's own plumbing answers before a route runs. */
export const HTTP_RULES: Rule[] = [
  [/^No such endpoint: (\S+) (\S+)$/, '没有此接口：$1 $2', 'No existe el punto de acceso: $1 $2'],
  [/^Use POST for (\S+)$/, '$1 只接受 POST 请求', '$1 solo acepta solicitudes POST'],
  [/^Malformed JSON body$/, '请求正文不是有效的 JSON', 'El cuerpo de la solicitud no es un JSON válido'],
  [/^Unsupported Media Type(?:: (.*))?$/, '不支持的媒体类型 $1', 'Tipo de contenido no admitido $1'],
  [
    /^Body cannot be empty when content-type is set to '(.*)'$/,
    '内容类型为 “$1” 时请求正文不能为空',
    'El cuerpo no puede estar vacío si el tipo de contenido es "$1"',
  ],
  [
    /^Request body size did not match Content-Length$/,
    '请求正文长度与 Content-Length 不符',
    'El tamaño del cuerpo no coincide con Content-Length',
  ],
  [/^Request body is too large$/, '请求正文过大', 'El cuerpo de la solicitud es demasiado grande'],
  [
    /^The address is not a valid URL: (.*)$/,
    '地址不是有效的 URL：$1',
    'La dirección no es una URL válida: $1',
  ],
  [
    /^(?:Method '(\S+)' must provide a 'Content-Type' header\.)$/,
    '$1 请求必须带 Content-Type 头',
    'Una solicitud $1 debe llevar la cabecera Content-Type',
  ],
];

/** A field's own message from the contracts (after "Place: " in a validation answer). */
export const CONTRACT_ISSUES: Rule[] = [
  [
    /^expected a real date-time: yyyy-MM-dd HH:mm:ss or ISO 8601 \(e\.g\. (\S+)\)$/,
    '须为真实的日期时间：yyyy-MM-dd HH:mm:ss 或 ISO 8601（例如 $1）',
    'debe ser una fecha y hora real: yyyy-MM-dd HH:mm:ss o ISO 8601 (p. ej. $1)',
  ],
  [/^expected (yyyy-MM-dd(?: HH:mm:ss)?)$/, '格式须为 $1', 'debe tener la forma $1'],
  [/^a day is (yyyy-MM-dd)$/, '日期格式须为 $1', 'un día tiene la forma $1'],
  [/^A passive tariff needs its price$/, '被动费率需要填写价格', 'Una tarifa pasiva necesita su precio'],
  [/^startDate is after endDate$/, '开始日期晚于结束日期', 'la fecha de inicio es posterior a la de fin'],
  [/^at most (\d+) days per request$/, '每次请求最多 $1 天', 'como máximo $1 días por solicitud'],
  [
    /^Please enter a valid amount \(at most 2 decimals, not negative\)$/,
    '请输入有效金额（最多 2 位小数，不能为负）',
    'Introduzca un importe válido (como máximo 2 decimales, no negativo)',
  ],
  [
    /^Please enter a valid quantity \(at most 1 decimal, not negative\)$/,
    '请输入有效数量（最多 1 位小数，不能为负）',
    'Introduzca una cantidad válida (positiva o cero, con 1 decimal como máximo)',
  ],
  [
    /^Please enter a percentage from 0 to 100 with at most 2 decimals$/,
    '请输入 0 到 100 之间、最多 2 位小数的百分比',
    'Introduzca un porcentaje de 0 a 100 con como máximo 2 decimales',
  ],
  [
    /^Total paid must be a positive amount with at most 2 decimals$/,
    '实付金额必须是正数，最多 2 位小数',
    'El total pagado debe ser un importe positivo con como máximo 2 decimales',
  ],
  [
    /^Total unit must be a positive quantity with at most 1 decimal$/,
    '总电量必须是正数，最多 1 位小数',
    'El total de unidades debe ser una cantidad positiva con como máximo 1 decimal',
  ],
  [/^unknown permission key in content$/, '内容中有未知的权限键', 'hay una clave de permiso desconocida'],
  [
    /^The first day must not be after the last day$/,
    '第一天不能晚于最后一天',
    'El primer día no puede ser posterior al último',
  ],
  [
    /^A cash-up covers at most (\d+) days$/,
    '一次结算最多 $1 天',
    'Un cierre de caja abarca como máximo $1 días',
  ],
  [
    /^Please enter a valid test control \(hex\)$/,
    '请输入有效的测试控制码（十六进制）',
    'Introduzca un control de prueba válido (hexadecimal)',
  ],
  [/^password: 6 digits$/, '密码：6 位数字', 'contraseña: 6 dígitos'],
  [/^operator: 8 digits$/, '操作员代码：8 位数字', 'operador: 8 dígitos'],
  [
    /^obis: six numbers such as 1\.0\.1\.8\.0\.255$/,
    'obis：六组数字，例如 1.0.1.8.0.255',
    'obis: seis números, como 1.0.1.8.0.255',
  ],
  [/^obis: each group is 0–255$/, 'obis：每组为 0–255', 'obis: cada grupo es 0–255'],
  [
    /^attributeMethod: an attribute number, or m and a method number$/,
    'attributeMethod：属性编号，或 m 加方法编号',
    'attributeMethod: un número de atributo, o m y un número de método',
  ],
  [/^SGC is 6 digits$/, 'SGC 为 6 位数字', 'El SGC tiene 6 dígitos'],
  [
    /^Choose the meters: give at least one selector$/,
    '请选择表计：至少给出一个条件',
    'Elija los medidores: indique al menos un criterio',
  ],
  [/^Please enter a valid email$/, '请输入有效的电子邮箱', 'Introduzca un correo electrónico válido'],
  [/^letters, digits and _ \. @ - only$/, '只能包含字母、数字和 _ . @ -', 'solo letras, dígitos y _ . @ -'],
  [
    /^Gateway Id is an EUI-64 like (\S+)$/,
    '网关编号为 EUI-64 格式，例如 $1',
    'El Id de pasarela es un EUI-64 como $1',
  ],
  [/^a range is \[from, to\]$/, '范围为 [起, 止]', 'un rango es [desde, hasta]'],
  [
    /^A vending key is 16 hex digits \(DKGA02\) or 40 \(DKGA04\)$/,
    '售电密钥为 16 位（DKGA02）或 40 位（DKGA04）十六进制数字',
    'Una clave de venta tiene 16 dígitos hexadecimales (DKGA02) o 40 (DKGA04)',
  ],
  [
    /^a transport key fingerprint is 64 hex digits \(SHA-256\)$/,
    '传输密钥指纹为 64 位十六进制数字（SHA-256）',
    'la huella de una clave de transporte tiene 64 dígitos hexadecimales (SHA-256)',
  ],
  [/^the wrapped key is base64$/, '封装密钥须为 base64 编码', 'la clave envuelta va en base64'],
  [
    /^a key check value is 6 hex digits$/,
    '密钥校验值为 6 位十六进制数字',
    'un valor de control de clave tiene 6 dígitos hexadecimales',
  ],
  [/^letters, digits, _ and - only$/, '只能包含字母、数字、_ 和 -', 'solo letras, dígitos, _ y -'],
  [/^an IP address or host name$/, '应为 IP 地址或主机名', 'una dirección IP o un nombre de host'],
  [
    /^a system title is 16 hex digits$/,
    '系统标题为 16 位十六进制数字',
    'un título de sistema tiene 16 dígitos hexadecimales',
  ],
  [
    /^a key is 32 hex digits \(AES-128\)$/,
    '密钥为 32 位十六进制数字（AES-128）',
    'una clave tiene 32 dígitos hexadecimales (AES-128)',
  ],
  [/^(\S+): (\d+)–(\d+) hex digits$/, '$1：$2–$3 位十六进制数字', '$1: de $2 a $3 dígitos hexadecimales'],
  // A sales channel's vendor: its code, EAN and terminal id, and a float movement.
  [
    /^Use 2 to 32 letters, digits, "_" or "-"$/,
    '请使用 2 到 32 个字母、数字、“_” 或 “-”',
    'Use de 2 a 32 letras, dígitos, "_" o "-"',
  ],
  [/^Use the 13 digits of an EAN$/, '请填写 EAN 的 13 位数字', 'Use los 13 dígitos de un EAN'],
  [
    /^Use the 5 to 7 digits of the paybill or till number$/,
    '请填写收款号（Paybill 或 Till）的 5 到 7 位数字',
    'Use los 5 a 7 dígitos del número paybill o till',
  ],
  [
    /^Name the meter the payment is for$/,
    '请填写付款对应的电表',
    'Indique el medidor al que corresponde el pago',
  ],
  [/^Use 1 to 20 letters or digits$/, '请使用 1 到 20 个字母或数字', 'Use de 1 a 20 letras o dígitos'],
  [
    /^Please enter a non-zero amount with at most 2 decimals$/,
    '请输入不为零、最多两位小数的金额',
    'Introduzca un importe distinto de cero con 2 decimales como máximo',
  ],
  [
    /^A top-up adds money: enter a positive amount$/,
    '充值是增加金额：请输入正数',
    'Una recarga añade dinero: introduzca un importe positivo',
  ],
  // What zod itself writes when a field has no message of its own.
  [/^Invalid string: must match pattern (.+)$/, '格式不符合 $1', 'no tiene la forma $1'],
  [/^Invalid(?: [a-z ]+)?(?:: .*)?$/i, '值无效', 'el valor no es válido'],
];

/** A payment that cannot buy a unit once the monthly charge and the debt share are taken. */
export const SHORTFALL_RULES: Rule[] = [
  [
    /^(\S+) is too small to buy 0\.1 unit: the least amount that vends is (\S+)$/,
    '$1 不足以购买 0.1 单位：最低可售金额为 $2',
    '$1 no alcanza para 0,1 unidad: el importe mínimo que vende es $2',
  ],
  [
    /^(\S+) is too small to buy 0\.1 unit after (.+): the least amount that vends is (\S+)$/,
    '扣除{2} 后，$1 不足以购买 0.1 单位：最低可售金额为 $3',
    '$1 no alcanza para 0,1 unidad una vez cobrados {2}: el importe mínimo que vende es $3',
  ],
  [
    /^(\S+) does not cover (.+): the least amount that vends is (\S+)$/,
    '$1 不足以支付须先扣除的{2}：最低可售金额为 $3',
    '$1 no cubre {2}, que se cobran primero: el importe mínimo que vende es $3',
  ],
  [
    /^the monthly charge (\S+) and the debt share (\S+)$/,
    '月费 $1 和欠款分摊 $2',
    'el cargo mensual $1 y la cuota de deuda $2',
  ],
  [/^the monthly charge (\S+)$/, '月费 $1', 'el cargo mensual $1'],
  [/^the debt share (\S+)$/, '欠款分摊 $1', 'la cuota de deuda $1'],
];
