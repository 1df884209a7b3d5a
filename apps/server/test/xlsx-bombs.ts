import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Hand-built .xlsx files for the import limits: a minimal workbook (content types, workbook, one sheet)
 * whose sheet XML is produced in pieces (joined once to deflate it).
 */

interface Part {
  name: string;
  /** The uncompressed content, in pieces. */
  pieces: Iterable<Buffer>;
}

/** Set to write a false (small) uncompressed size into the zip directory, as an attacker may. */
export const zipOptions = { declaredSize: undefined as number | undefined };

function deflatePieces(pieces: Iterable<Buffer>) {
  const all: Buffer[] = [];
  let crc = 0;
  for (const p of pieces) {
    crc = crc32(p, crc);
    all.push(p);
  }
  const raw = Buffer.concat(all);
  return { data: deflateRawSync(raw, { level: 9 }), crc, size: raw.length };
}

/** A zip record of `size` bytes: each field [offset, width in bytes, value] little-endian, the rest zero. */
function zipRecord(size: number, fields: [offset: number, width: 2 | 4, value: number][]): Buffer {
  const out = Buffer.alloc(size);
  for (const [offset, width, value] of fields) {
    if (width === 2) out.writeUInt16LE(value, offset);
    else out.writeUInt32LE(value, offset);
  }
  return out;
}

export function buildZip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const { data, crc, size } = deflatePieces(part.pieces);
    const declared = zipOptions.declaredSize ?? size;
    // The fields the local header and the central directory share (version needed 2.0, deflate, CRC,
    // sizes, name length); the directory's stand 2 bytes later, after its "version made by".
    const shared = (at: number): [number, 2 | 4, number][] => [
      [at + 4, 2, 20],
      [at + 8, 2, 8],
      [at + 14, 4, crc >>> 0],
      [at + 18, 4, data.length],
      [at + 22, 4, declared],
      [at + 26, 2, name.length],
    ];
    const local = zipRecord(30, [[0, 4, 0x04034b50], ...shared(0)]);
    const dir = zipRecord(46, [[0, 4, 0x02014b50], [4, 2, 20], ...shared(2), [42, 4, offset]]);
    locals.push(local, name, data);
    central.push(dir, name);
    offset += local.length + name.length + data.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const end = zipRecord(22, [
    [0, 4, 0x06054b50],
    [8, 2, parts.length],
    [10, 2, parts.length],
    [12, 4, dirSize],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, ...central, end]);
}

const text = (s: string) => [Buffer.from(s)];

/** A one-sheet workbook around the given sheetData pieces. */
export function workbookWith(sheetData: Iterable<Buffer>, sharedStrings?: Iterable<Buffer>): Buffer {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  function* sheet() {
    yield Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>`);
    yield* sheetData;
    yield Buffer.from('</sheetData></worksheet>');
  }
  const parts: Part[] = [
    {
      name: '[Content_Types].xml',
      pieces: text(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      pieces: text(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      pieces: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', pieces: sheet() },
  ];
  if (sharedStrings) {
    parts.push({
      name: 'xl/sharedStrings.xml',
      pieces: (function* () {
        yield Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}">`);
        yield* sharedStrings;
        yield Buffer.from('</sst>');
      })(),
    });
  }
  return buildZip(parts);
}

const HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>customerId</t></is></c></row>';

/** The first bomb: a header, then 60,000 rows that each set a cell in column XFD. */
export function wideColumnBomb(rows = 60_000): Buffer {
  return workbookWith(
    (function* () {
      yield Buffer.from(HEADER);
      // Identical rows (numbered by position) compress to almost nothing: 60,000 of them fit in ~9 KB.
      yield Buffer.from('<row><c r="XFD2"><v>1</v></c></row>'.repeat(rows));
    })(),
  );
}

/** The second bomb: millions of empty <row/> elements (20 million = 140 MB of XML). */
export function emptyRowBomb(rows = 20_000_000): Buffer {
  return workbookWith(
    (function* () {
      yield Buffer.from(HEADER);
      const block = Buffer.from('<row/>'.repeat(100_000));
      for (let n = 0; n < rows; n += 100_000) yield block;
    })(),
  );
}
