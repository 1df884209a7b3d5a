/**
 * The STS engine's errors in Chinese and Spanish: a vend, a management or key-change token, a meter test
 * token or a key derivation passes the engine's sentence on as its refusal (the rules' form is
 * refusal-text's; a field's name, a number or an id is kept as written).
 */
type Rule = readonly [RegExp, string, string];

const TID_ROLLOVER_ZH = '需要 TID 翻转的换密';
const TID_ROLLOVER_ES = 'un cambio de clave con reinicio de TID';

/** Amounts, values and the fields of a token. */
const VALUES: Rule[] = [
  [
    /^(\S+) must be a whole, non-negative number of units$/,
    '$1 必须是非负整数单位',
    '$1 debe ser un número entero no negativo de unidades',
  ],
  [
    /^(\S+) (\S+) exceeds the largest STS value (\S+) \((.+) kWh\); split it into several tokens$/,
    '$1 $2 超过 STS 最大值 $3（$4 kWh）；请分成多个令牌',
    '$1 $2 supera el mayor valor STS $3 ($4 kWh); divídalo en varios tokens',
  ],
  [/^(\S+) (\S+) cannot be encoded$/, '$1 $2 无法编码', '$1 $2 no se puede codificar'],
  [
    /^(\S+) must be a non-negative decimal number$/,
    '$1 必须是非负小数',
    '$1 debe ser un número decimal positivo o cero',
  ],
  [/^(\S+) is too large$/, '$1 过大', '$1 es demasiado grande'],
  [
    /^(\S+) must be a whole number of 0\.00001 currency units$/,
    '$1 必须是 0.00001 货币单位的整数倍',
    '$1 debe ser un múltiplo entero de 0,00001 unidades monetarias',
  ],
  [
    /^(\S+) is beyond the currency amount range$/,
    '$1 超出货币金额范围',
    '$1 está fuera del rango de importes monetarios',
  ],
  [
    /^raw-value management token: subclass (\S+) is not one of (.+)$/,
    '原始值管理令牌：子类 $1 不在 $2 之中',
    'token de gestión de valor bruto: la subclase $1 no es una de $2',
  ],
  [
    /^(.+): subclass (\S+) is not one of (.+)$/,
    '$1：子类 $2 不在 $3 之中',
    '$1: la subclase $2 no es una de $3',
  ],
  [
    /^credit subclass (\S+) is not defined: .+$/,
    '未定义的充值子类 $1：0–3 为电、水、燃气、时间；4–7 为其货币形式；8–15 保留',
    'la subclase de crédito $1 no está definida: 0–3 son electricidad, agua, gas y tiempo; 4–7 sus formas monetarias; 8–15 reservadas',
  ],
  [
    /^amountUnits must be a number for subclasses 0–3$/,
    'amountUnits 在子类 0–3 中必须是数字',
    'amountUnits debe ser un número en las subclases 0–3',
  ],
  [
    /^register must be 0–65535 or up to 4 hex digits \("FFFF" = all\)$/,
    'register 必须是 0–65535 或最多 4 位十六进制数字（"FFFF" = 全部）',
    'register debe ser 0–65535 o hasta 4 dígitos hexadecimales ("FFFF" = todos)',
  ],
  [/^value16 must be 0–65535$/, 'value16 必须是 0–65535', 'value16 debe ser 0–65535'],
  [
    /^the overdraft value must be a whole, non-negative number$/,
    '透支值必须是非负整数',
    'el valor de sobregiro debe ser un número entero no negativo',
  ],
  [
    /^a 4-digit BCD value is at most 9999$/,
    '4 位 BCD 值最大为 9999',
    'un valor BCD de 4 dígitos es como máximo 9999',
  ],
  [
    /^a raw 16-bit value is at most 65535$/,
    '16 位原始值最大为 65535',
    'un valor bruto de 16 bits es como máximo 65535',
  ],
  [
    /^(\S+) must be (\d+) hex digits$/,
    '$1 必须是 $2 位十六进制数字',
    '$1 debe tener $2 dígitos hexadecimales',
  ],
  [
    /^(\S+) must be 1 to (\d+) hex digits$/,
    '$1 必须是 1 到 $2 位十六进制数字',
    '$1 debe tener de 1 a $2 dígitos hexadecimales',
  ],
  [
    /^(\S+) must be an integer from (\S+) to (\S+?)(?: \(24 bits\))?$/,
    '$1 必须是 $2 到 $3 之间的整数',
    '$1 debe ser un entero de $2 a $3',
  ],
  [
    /^(\S+) must be 20 decimal digits \(separators allowed\)$/,
    '$1 必须是 20 位十进制数字（可带分隔符）',
    '$1 debe tener 20 dígitos decimales (se admiten separadores)',
  ],
  [
    /^(\S+) (\S+) is not a token: the value is 2\^66 or more$/,
    '$1 $2 不是令牌：数值不小于 2^66',
    '$1 $2 no es un token: el valor es 2^66 o más',
  ],
  [
    /^tidMemorySize must be a positive integer$/,
    'tidMemorySize 必须是正整数',
    'tidMemorySize debe ser un entero positivo',
  ],
];

/** Token classes, meter tests and decoding. */
const CLASSES: Rule[] = [
  [
    /^meter test subclass (\S+) is not supported: .+$/,
    '不支持的电表测试子类 $1：0 = 2 位厂商代码，1 = 4 位厂商代码',
    'la subclase de prueba de medidor $1 no se admite: 0 = código de fabricante de 2 dígitos, 1 = de 4 dígitos',
  ],
  [
    /^controlHex must be hex of at most (\d+) bits for subclass (\S+)$/,
    '子类 $2 的 controlHex 必须是最多 $1 位的十六进制数',
    'controlHex debe ser hexadecimal de como máximo $1 bits para la subclase $2',
  ],
  [/^unknown meter test "(.*)"$/, '未知的电表测试“$1”', 'prueba de medidor desconocida "$1"'],
  [
    /^give controlHex or a list of tests$/,
    '请提供 controlHex 或测试列表',
    'indique controlHex o una lista de pruebas',
  ],
  [
    /^"Set maximum overdraft" is not an STS token; configure a vendor profile .+$/,
    '“设置最大透支”不是 STS 令牌：请先为该电表型号配置厂商配置（专有类 2 子类 11–15 及取值编码）',
    '"Establecer sobregiro máximo" no es un token STS: configure primero un perfil de proveedor (clase 2 propietaria, subclase 11–15, y codificación del valor) para este modelo de medidor',
  ],
  [
    /^a vendor profile must use a proprietary class 2 subclass \(11–15\); 0–10 belong to the standard$/,
    '厂商配置必须使用专有类 2 子类（11–15）；0–10 属于标准',
    'un perfil de proveedor debe usar una subclase propietaria de la clase 2 (11–15); 0–10 son del estándar',
  ],
  [
    /^profile\.valueEncoding must be "raw", "expMantissa" or "bcd"$/,
    'profile.valueEncoding 必须是 "raw"、"expMantissa" 或 "bcd"',
    'profile.valueEncoding debe ser "raw", "expMantissa" o "bcd"',
  ],
  [
    /^token class 3 is reserved by IEC 62055-41(?:; no meter accepts it)?$/,
    '令牌类 3 由 IEC 62055-41 保留，没有电表接受',
    'la clase de token 3 está reservada por IEC 62055-41; ningún medidor la acepta',
  ],
  [
    /^a decoder key is needed (?:to decode a class|for a class) (\S+) token$/,
    '类 $1 令牌需要解码密钥',
    'un token de clase $1 necesita una clave de decodificación',
  ],
  [
    /^the token fails its CRC check: .+$/,
    '令牌 CRC 校验失败：某个数字输错了，或令牌是为其他电表或密钥生成的',
    'el código no supera su comprobación CRC: se tecleó mal un dígito, o se hizo para otro medidor u otra clave',
  ],
  [
    /^class (\S+) subclass (\S+) has no layout known to this engine \(reserved or proprietary\)$/,
    '类 $1 子类 $2 的格式本引擎未知（保留或专有）',
    'la clase $1 subclase $2 no tiene un formato conocido por este motor (reservada o propietaria)',
  ],
  [
    /^the decoded token has no key change section (\d)$/,
    '解码后的令牌缺少换密第 $1 段',
    'al token decodificado le falta la sección $1 del cambio de clave',
  ],
  [/^the decoded token has no (.+)$/, '解码后的令牌没有 $1', 'el token decodificado no tiene $1'],
];

/** Keys, key changes, meter numbers and the token identifier (TID). */
const KEYS: Rule[] = [
  [
    /^(\S+) \(supply group code\) must be 6 decimal digits$/,
    '$1（供电组代码）必须是 6 位十进制数字',
    '$1 (código de grupo de suministro) debe tener 6 dígitos decimales',
  ],
  [
    /^(\S+) \(tariff index\) must be 2 decimal digits, 00–99$/,
    '$1（费率索引）必须是 2 位十进制数字，00–99',
    '$1 (índice de tarifa) debe tener 2 dígitos decimales, 00–99',
  ],
  [
    /^(\S+) \(key expiry number\) must be an integer from 0 to 255$/,
    '$1（密钥到期编号）必须是 0 到 255 之间的整数',
    '$1 (número de caducidad de la clave) debe ser un entero de 0 a 255',
  ],
  [
    /^the new key \(EA(\S+)\) must have the same length as the current key \(EA(\S+)\); .+$/,
    '新密钥（EA$1）的长度必须与当前密钥（EA$2）相同：更换算法不能用换密令牌',
    'la clave nueva (EA$1) debe tener la misma longitud que la actual (EA$2): un cambio de algoritmo no es un token de cambio de clave',
  ],
  [
    /^a 128-bit key change needs the new sgc \(sent in sections 3 and 4\)$/,
    '128 位密钥更换需要新的 SGC（在第 3、4 段中发送）',
    'un cambio de clave de 128 bits necesita el nuevo SGC (enviado en las secciones 3 y 4)',
  ],
  [
    /^ea must be "07" \(STA, 64-bit key\) or "11" \(MISTY1, 128-bit key\)$/,
    'ea 必须是 "07"（STA，64 位密钥）或 "11"（MISTY1，128 位密钥）',
    'ea debe ser "07" (STA, clave de 64 bits) o "11" (MISTY1, clave de 128 bits)',
  ],
  [/^L must be (\S+) for EA(\S+)$/, 'EA$2 的 L 必须是 $1', 'L debe ser $1 para EA$2'],
  [
    /^(\S+) must be 16 hex digits \(64-bit key, EA07\) or 32 hex digits \(128-bit key, EA11\); got (\S+)$/,
    '$1 必须是 16 位（64 位密钥，EA07）或 32 位（128 位密钥，EA11）十六进制数字；收到 $2 位',
    '$1 debe tener 16 dígitos hexadecimales (clave de 64 bits, EA07) o 32 (clave de 128 bits, EA11); tiene $2',
  ],
  [/^dkga must be "02" or "04"$/, 'dkga 必须是 "02" 或 "04"', 'dkga debe ser "02" o "04"'],
  [
    /^a DKGA(\S+) vending key is (\S+) hex digits$/,
    'DKGA$1 售电密钥为 $2 位十六进制数字',
    'una clave de venta DKGA$1 tiene $2 dígitos hexadecimales',
  ],
  [
    /^DKGA02 derives 64-bit \(EA07\) keys only; use a DKGA04 vending key$/,
    'DKGA02 只能生成 64 位（EA07）密钥：请使用 DKGA04 售电密钥',
    'DKGA02 solo deriva claves de 64 bits (EA07): use una clave de venta DKGA04',
  ],
  [
    /^no vending key for SGC (\S+) KRN (\S+)$/,
    '没有 SGC $1 KRN $2 的售电密钥',
    'no hay clave de venta para SGC $1 KRN $2',
  ],
  [
    /^the vending key of SGC (\S+) KRN (\S+) expired on (\S+): no meter is given a key under it; use a later key revision$/,
    'SGC $1 KRN $2 的售电密钥已于 $3 到期：不再为任何电表生成该密钥下的密钥；请使用更新的密钥版本',
    'la clave de venta de SGC $1 KRN $2 venció el $3: ningún medidor recibe una clave bajo ella; use una revisión de clave posterior',
  ],
  [
    /^the key expiry (\S+) is not a yyyy-MM-dd date$/,
    '密钥到期日 $1 不是 yyyy-MM-dd 格式的日期',
    'el vencimiento de la clave $1 no es una fecha yyyy-MM-dd',
  ],
  [
    /^the key expiry (\S+) is before the base date (\S+)$/,
    '密钥到期日 $1 早于基准日期 $2',
    'el vencimiento de la clave $1 es anterior a la fecha base $2',
  ],
  [/^meterId is required$/, 'meterId 为必填', 'meterId es obligatorio'],
  [
    /^no decoder key stored for meter (\S+)$/,
    '电表 $1 没有保存解码密钥',
    'no hay clave de decodificación guardada para el medidor $1',
  ],
  [
    /^(\S+) must be exactly 18 decimal digits \(IIN \+ IAIN \+ check digit\)$/,
    '$1 必须正好是 18 位十进制数字（IIN + IAIN + 校验位）',
    '$1 debe tener exactamente 18 dígitos decimales (IIN + IAIN + dígito de control)',
  ],
  [
    /^(\S+) (\S+) has PAN check digit (\S+), Luhn over the first 17 digits gives (\S+)$/,
    '$1 $2 的 PAN 校验位为 $3，按前 17 位计算的 Luhn 校验位为 $4',
    '$1 $2 tiene el dígito de control PAN $3; Luhn sobre los primeros 17 dígitos da $4',
  ],
  [
    /^(\S+) (\S+): the meter number \(IAIN (\S+)\) has check digit (\S+), Luhn gives (\S+)$/,
    '$1 $2：电表号（IAIN $3）的校验位为 $4，Luhn 计算为 $5',
    '$1 $2: el número de medidor (IAIN $3) tiene dígito de control $4; Luhn da $5',
  ],
  [
    /^the meter number \(IAIN\) must be 11 or 13 digits$/,
    '电表号（IAIN）必须是 11 或 13 位数字',
    'el número de medidor (IAIN) debe tener 11 o 13 dígitos',
  ],
  [
    /^a 6-digit IIN goes with an 11-digit IAIN, a 4-digit IIN with 13$/,
    '6 位 IIN 对应 11 位 IAIN，4 位 IIN 对应 13 位',
    'un IIN de 6 dígitos va con un IAIN de 11 dígitos, uno de 4 con uno de 13',
  ],
  [
    /^(\S+) must be one of 1993, 2014 or 2035$/,
    '$1 必须是 1993、2014 或 2035',
    '$1 debe ser 1993, 2014 o 2035',
  ],
  [
    /^the issue time is not a valid date$/,
    '签发时间不是有效日期',
    'la hora de emisión no es una fecha válida',
  ],
  [
    /^the issue time must look like "(.+)"$/,
    '签发时间格式须为 "$1"',
    'la hora de emisión debe tener la forma "$1"',
  ],
  [
    /^the issue time (.+) is not a real date$/,
    '签发时间 $1 不是真实的日期',
    'la hora de emisión $1 no es una fecha real',
  ],
  [
    /^the issue time is before the base date (.+)$/,
    '签发时间早于基准日期 $1',
    'la hora de emisión es anterior a la fecha base $1',
  ],
  [
    /^the issue time is past the last TID of base date (\S+) \((.+)\); the meter needs a TID-rollover key change$/,
    `签发时间已超过基准日期 $1 的最后一个 TID（$2）：该电表${TID_ROLLOVER_ZH}`,
    `la hora de emisión pasa del último TID de la fecha base $1 ($2): el medidor necesita ${TID_ROLLOVER_ES}`,
  ],
  [
    /^the decoder key has expired: TID (\S+) has key-expiry block (\S+) > KEN (\S+) \(last usable TID (\S+)\)$/,
    '解码密钥已过期：TID $1 的密钥到期块 $2 > KEN $3（最后可用 TID $4）',
    'la clave de decodificación ha caducado: el TID $1 tiene bloque de caducidad $2 > KEN $3 (último TID utilizable $4)',
  ],
  [
    /^no TID is left in this base date; a TID-rollover key change is needed$/,
    `该基准日期已无可用 TID：${TID_ROLLOVER_ZH}`,
    `no quedan TID en esta fecha base: hace falta ${TID_ROLLOVER_ES}`,
  ],
];

export const STS_RULES: Rule[] = [...VALUES, ...CLASSES, ...KEYS];
