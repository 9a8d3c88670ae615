import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@portal/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { readSpreadsheet } from './read-file.ts';
import { templateXlsx } from './template.ts';

// Issue 26 items 1 and 8: real files made by exceljs and as text, read into text cells; every bad file refused
// with the contract's message on the `file` field, quickly and without holding what a zip bomb inflates to.

async function xlsx(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * exceljs's temporary files of this process (a sheet that comes before the shared strings waits in one), once
 * their removal, which runs after the read, has had a moment.
 */
async function leftFiles(): Promise<string[]> {
  const ours = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`tmp-${process.pid}-`));
  for (let i = 0; i < 50 && ours().length > 0; i += 1) await sleep(20);
  return ours();
}

async function refusal(bytes: Buffer, name = 'book.xlsx'): Promise<string> {
  try {
    await readSpreadsheet(bytes, name);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.status).toBe(400);
    expect(e.extra.fields?.file).toBe(e.message);
    return e.message;
  }
  throw new Error('the file was read');
}

/** A zip of raw deflated entries, as any zip tool writes it (the sizes in the headers as given). */
function zip(entries: Array<{ name: string; deflated: Buffer; size: number; crc: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const entry = (name: string, text: string) => {
  const bytes = Buffer.from(text);
  return { name, deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
};

/** `megabytes` of spaces deflated a megabyte at a time: about 1,000 times smaller than what it inflates to. */
async function deflatedSpaces(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const mb = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i += 1) {
    if (!deflate.write(mb)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

describe('reading an .xlsx', () => {
  it('reads every sheet: text, numbers as digits, dates as DD/MM/YYYY, below a title', async () => {
    const bytes = await xlsx((wb) => {
      const plans = wb.addWorksheet('Plans');
      plans.addRow(['My book 2024']);
      plans.addRow([]);
      plans.addRow(['Customer Name', 'Mobile', 'Premium', 'DOC', 'Ratio', '', 'Notes']);
      plans.addRow([
        'Ravi Sharma',
        9876543210,
        25000.5,
        new Date(Date.UTC(2024, 2, 12)),
        0.1 + 0.2,
        null,
        'x',
      ]);
      plans.addRow([]);
      plans.addRow(['Anita Sharma', '+91 98765 43210', 1234567, '12-Mar-2024', null, null, null, 'late']);
      plans.getCell('D4').numFmt = 'dd/mm/yyyy';
      const clients = wb.addWorksheet('Clients');
      clients.addRow(['Client Code', 'First Name']);
      clients.addRow(['DEM-0001', "'=SUM(A1)"]);
    });
    const file = await readSpreadsheet(bytes, 'anything.bin');
    expect(file.format).toBe('xlsx');
    expect(file.sheets).toEqual([
      {
        name: 'Plans',
        headers: ['Customer Name', 'Mobile', 'Premium', 'DOC', 'Ratio', 'Column F', 'Notes', 'Column H'],
        rows: [
          { rowNumber: 4, cells: ['Ravi Sharma', '9876543210', '25000.5', '12/03/2024', '0.3', '', 'x', ''] },
          {
            rowNumber: 6,
            cells: ['Anita Sharma', '+91 98765 43210', '1234567', '12-Mar-2024', '', '', '', 'late'],
          },
        ],
      },
      {
        name: 'Clients',
        headers: ['Client Code', 'First Name'],
        rows: [{ rowNumber: 2, cells: ['DEM-0001', "'=SUM(A1)"] }],
      },
    ]);
  });

  it('leaves out hidden and very hidden sheets', async () => {
    const wb = new ExcelJS.Workbook();
    for (const [name, state] of [
      ['Plans', 'visible'],
      ['Lists', 'hidden'],
      ['Secret', 'veryHidden'],
    ] as const) {
      const ws = wb.addWorksheet(name, { state });
      ws.addRow(['Client Name', 'Policy No']);
      ws.addRow(['Ravi Sharma', 'P-1']);
    }
    const file = await readSpreadsheet(Buffer.from(await wb.xlsx.writeBuffer()), 'book.xlsx');
    expect(file.sheets.map((s) => s.name)).toEqual(['Plans']);
  });

  it('takes the first row as the header when no row has two cells', async () => {
    const bytes = await xlsx((wb) => {
      const ws = wb.addWorksheet('Names');
      for (const n of ['Name', 'Ravi', 'Anita']) ws.addRow([n]);
    });
    expect((await readSpreadsheet(bytes, 'n.xlsx')).sheets[0]).toEqual({
      name: 'Names',
      headers: ['Name'],
      rows: [
        { rowNumber: 2, cells: ['Ravi'] },
        { rowNumber: 3, cells: ['Anita'] },
      ],
    });
  });

  it('reads a formula as the value saved with it, never evaluating it', async () => {
    const bytes = await xlsx((wb) => {
      const ws = wb.addWorksheet('Plans');
      ws.addRow(['Sum', 'Date', 'Text', 'Unsaved', 'Error']);
      ws.addRow([
        { formula: '1+1', result: 5 },
        { formula: 'DATE(2024,3,12)', result: 45363 },
        { formula: 'CONCAT("LIC ","123")', result: 'LIC 123' },
        { formula: 'A2*2' },
        { formula: '1/0', result: { error: '#DIV/0!' } },
      ]);
      ws.getCell('B2').numFmt = 'dd-mmm-yyyy';
    });
    const file = await readSpreadsheet(bytes, 'f.xlsx');
    expect(file.sheets[0]!.rows[0]!.cells).toEqual(['5', '12/03/2024', 'LIC 123', '', '']);
  });

  it('names blank and repeated headers apart', async () => {
    const bytes = await xlsx((wb) => {
      const ws = wb.addWorksheet('Plans');
      ws.addRow(['Phone', '', 'Phone', 'phone']);
      ws.addRow(['1', '2', '3', '4', '5']);
    });
    const [sheet] = (await readSpreadsheet(bytes, 'f.xlsx')).sheets;
    expect(sheet!.headers).toEqual(['Phone', 'Column B', 'Phone (2)', 'phone (3)', 'Column E']);
  });

  it('refuses 10,000 columns', async () => {
    const bytes = await xlsx((wb) => {
      const ws = wb.addWorksheet('Wide');
      ws.addRow(Array.from({ length: 10_000 }, (_v, i) => `H${i}`));
      ws.addRow(Array.from({ length: 10_000 }, (_v, i) => i));
    });
    expect(await refusal(bytes)).toBe(IMPORT_MESSAGES.tooManyColumns);
    expect(await leftFiles()).toEqual([]);
  });

  it('refuses more than 50,000 rows over all sheets', async () => {
    const bytes = await xlsx((wb) => {
      for (const name of ['A', 'B']) {
        const ws = wb.addWorksheet(name);
        ws.addRow(['Name']);
        for (let i = 0; i < 25_001; i += 1) ws.addRow([`n${i}`]);
      }
    });
    expect(await refusal(bytes)).toBe(IMPORT_MESSAGES.tooManyRows);
    expect(await leftFiles()).toEqual([]);
  });

  it('refuses a zip bomb quickly, without inflating it whole', async () => {
    const spaces = await deflatedSpaces(300);
    expect(spaces.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
    const bomb = zip([
      entry('[Content_Types].xml', '<Types/>'),
      entry('xl/workbook.xml', '<workbook/>'),
      { name: 'xl/worksheets/sheet1.xml', deflated: spaces, size: 1000, crc: 0 },
    ]);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    expect(await refusal(bomb)).toBe(IMPORT_MESSAGES.tooLargeUnzipped);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  describe('a workbook written as Excel orders it, a sheet before the shared strings', () => {
    const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const workbook = (secondSheet: string) =>
      zip([
        entry(
          '[Content_Types].xml',
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        ),
        entry(
          'xl/workbook.xml',
          `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Plans" sheetId="1" r:id="rId1"/><sheet name="Notes" sheetId="2" r:id="rId2"/></sheets></workbook>`,
        ),
        entry(
          'xl/_rels/workbook.xml.rels',
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
        ),
        entry(
          'xl/worksheets/sheet1.xml',
          `<worksheet xmlns="${MAIN}"><sheetData><row r="1">${inline('A1', 'Name')}${inline('B1', 'Phone')}</row><row r="2">${inline('A2', 'Ravi')}<c r="B2"><v>9876543210</v></c></row></sheetData></worksheet>`,
        ),
        entry('xl/sharedStrings.xml', `<sst xmlns="${MAIN}" count="0" uniqueCount="0"></sst>`),
        entry('xl/worksheets/sheet2.xml', secondSheet),
      ]);

    it('reads it', async () => {
      const file = await readSpreadsheet(
        workbook(
          `<worksheet xmlns="${MAIN}"><sheetData><row r="1">${inline('A1', 'Note')}</row></sheetData></worksheet>`,
        ),
        'w.xlsx',
      );
      expect(file.sheets).toEqual([
        {
          name: 'Plans',
          headers: ['Name', 'Phone'],
          rows: [{ rowNumber: 2, cells: ['Ravi', '9876543210'] }],
        },
        { name: 'Notes', headers: ['Note'], rows: [] },
      ]);
      expect(await leftFiles()).toEqual([]);
    });

    it('refuses it when a later sheet is broken, leaving no temporary file behind', async () => {
      const broken = workbook(`<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1"><v>1</v></row>`);
      expect(await refusal(broken)).toBe(IMPORT_MESSAGES.unreadable);
      expect(await leftFiles()).toEqual([]);
    });
  });

  describe('a workbook whose sheets come before its workbook part, as exceljs and other libraries write it', () => {
    it('reads the template, and a copy of it filled by exceljs, each sheet with its name', async () => {
      const template = await templateXlsx();
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(template as unknown as ArrayBuffer);
      wb.getWorksheet('Plans')!.getCell('G3').value = '31/02/2024';
      const filled = Buffer.from(await wb.xlsx.writeBuffer());
      for (const bytes of [template, filled]) {
        const file = await readSpreadsheet(bytes, 'book.xlsx');
        // Its hidden sheet of drop-down lists is no sheet to import.
        expect(file.sheets.map((s) => s.name)).toEqual([
          'Instructions',
          'Clients',
          'Family Members',
          'Plans',
        ]);
        const plans = file.sheets.find((s) => s.name === 'Plans')!;
        expect(plans.headers[6]).toBe('Start Date');
      }
      const plans = (await readSpreadsheet(filled, 'book.xlsx')).sheets.find((s) => s.name === 'Plans')!;
      expect(plans.rows[1]!.cells[6]).toBe('31/02/2024');
      expect(await leftFiles()).toEqual([]);
    });

    it('names a sheet its workbook names from the zip’s root', async () => {
      const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
      const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
      const bytes = zip([
        entry(
          '[Content_Types].xml',
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        ),
        entry(
          'xl/_rels/workbook.xml.rels',
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="${REL}/worksheet" Target="/xl/worksheets/sheet1.xml"/></Relationships>`,
        ),
        entry(
          'xl/worksheets/sheet1.xml',
          `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>9876543210</v></c></row></sheetData></worksheet>`,
        ),
        entry(
          'xl/sharedStrings.xml',
          `<sst xmlns="${MAIN}" count="3" uniqueCount="3"><si><t>Name</t></si><si><t>Phone</t></si><si><t>Ravi</t></si></sst>`,
        ),
        entry(
          'xl/workbook.xml',
          `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="My clients" sheetId="1" r:id="rId7"/></sheets></workbook>`,
        ),
      ]);
      expect((await readSpreadsheet(bytes, 'w.xlsx')).sheets).toEqual([
        {
          name: 'My clients',
          headers: ['Name', 'Phone'],
          rows: [{ rowNumber: 2, cells: ['Ravi', '9876543210'] }],
        },
      ]);
    });
  });

  it('refuses a zip that is no workbook, a broken zip, and other types', async () => {
    const docx = zip([entry('word/document.xml', '<document/>')]);
    expect(await refusal(docx)).toBe(IMPORT_MESSAGES.wrongType);
    const good = await xlsx((wb) => wb.addWorksheet('A').addRow(['x']));
    expect(await refusal(good.subarray(0, Math.floor(good.length / 2)))).toBe(IMPORT_MESSAGES.unreadable);
    expect(await refusal(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'book.csv')).toBe(
      IMPORT_MESSAGES.wrongType,
    );
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      randomBytes(512),
    ]);
    expect(await refusal(xls, 'book.xls')).toBe(IMPORT_MESSAGES.wrongType);
  });

  it('refuses a workbook with no rows', async () => {
    const bytes = await xlsx((wb) => {
      wb.addWorksheet('Empty');
      wb.addWorksheet('Header only').addRow(['Name', 'Phone']);
    });
    expect(await refusal(bytes)).toBe(IMPORT_MESSAGES.empty);
  });
});

describe('reading a .csv', () => {
  it('reads text with its byte order mark, quotes, line breaks in cells and empty lines', async () => {
    const text =
      '\uFEFFName,Phone,Premium,Note\r\n"Sharma, Ravi",+91 98765 43210,"₹ 25,000",said "hi"\r\n\r\n"Anita","098765-43210",500,"two\nlines"\r\n';
    const file = await readSpreadsheet(Buffer.from(text), 'demoagency-plans-2026-11-27.csv');
    expect(file.format).toBe('csv');
    expect(file.sheets).toEqual([
      {
        name: 'demoagency-plans-2026-11-27',
        headers: ['Name', 'Phone', 'Premium', 'Note'],
        rows: [
          { rowNumber: 2, cells: ['Sharma, Ravi', '+91 98765 43210', '₹ 25,000', 'said "hi"'] },
          { rowNumber: 4, cells: ['Anita', '098765-43210', '500', 'two\nlines'] },
        ],
      },
    ]);
  });

  it('reads semicolons and tabs, UTF-16 with its mark, and Windows-1252', async () => {
    const semi = await readSpreadsheet(Buffer.from('Name;Amount\nRavi;1,50\n'), 'a.csv');
    expect(semi.sheets[0]!.rows[0]!.cells).toEqual(['Ravi', '1,50']);
    const tabs = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tCity\nRavi\tPune\n', 'utf16le'),
    ]);
    expect((await readSpreadsheet(tabs, 'a.txt')).sheets[0]!.rows[0]!.cells).toEqual(['Ravi', 'Pune']);
    const latin = Buffer.from([...Buffer.from('Name\nJos'), 0xe9, 0x0a]);
    expect((await readSpreadsheet(latin, 'a.csv')).sheets[0]!.rows[0]!.cells).toEqual(['José']);
  });

  it('refuses binary junk, an empty file, an unclosed quote, too many rows or columns, and 20 MB', async () => {
    expect(await refusal(randomBytes(4096), 'junk.csv')).toBe(IMPORT_MESSAGES.wrongType);
    expect(await refusal(Buffer.alloc(0), 'a.csv')).toBe(IMPORT_MESSAGES.empty);
    expect(await refusal(Buffer.from('Name,Phone\n'), 'a.csv')).toBe(IMPORT_MESSAGES.empty);
    expect(await refusal(Buffer.from('Name,Note\nRavi,"never closed\n'), 'a.csv')).toBe(
      IMPORT_MESSAGES.unreadable,
    );
    const rows = `Name\n${'x\n'.repeat(IMPORT_LIMITS.maxRows + 1)}`;
    expect(await refusal(Buffer.from(rows), 'a.csv')).toBe(IMPORT_MESSAGES.tooManyRows);
    const wide = `${Array.from({ length: 10_000 }, (_v, i) => `h${i}`).join(',')}\n${'1,'.repeat(9_999)}1\n`;
    expect(await refusal(Buffer.from(wide), 'a.csv')).toBe(IMPORT_MESSAGES.tooManyColumns);
    expect(await refusal(Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 0x41), 'a.csv')).toBe(
      IMPORT_MESSAGES.tooLarge,
    );
  });
});

describe('reading an .xlsx of text that is not ASCII', () => {
  // exceljs's streaming reader decoded each 16 KiB chunk of a part apart: a ₹, a mask's bullet or a Devanagari
  // letter whose bytes straddled two chunks came out as U+FFFD (read-file.ts, Utf8WorkbookReader).
  const texts = (i: number) => [
    `₹${(i * 1234).toLocaleString('en-IN')}`,
    `••••${String(1000 + i).slice(-4)}`,
    `राजेश कुमार ${i}`,
    `Ananya Iyer ${i}`,
  ];

  it('reads every character whole, from the shared strings and from inline strings', async () => {
    const rows = 3000;
    // The shared strings: a workbook written whole.
    const shared = await xlsx((wb) => {
      const ws = wb.addWorksheet('Plans');
      ws.addRow(['Premium', 'PAN', 'Name', 'Client']);
      for (let i = 0; i < rows; i += 1) ws.addRow(texts(i));
    });
    // Inline strings in the sheet's own XML, as the book's export writes them.
    const chunks: Buffer[] = [];
    const { PassThrough } = await import('node:stream');
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = writer.addWorksheet('Plans');
    sheet.addRow(['Premium', 'PAN', 'Name', 'Client']).commit();
    for (let i = 0; i < rows; i += 1) sheet.addRow(texts(i)).commit();
    sheet.commit();
    await writer.commit();
    const inline = Buffer.concat(chunks);

    for (const bytes of [shared, inline]) {
      const file = await readSpreadsheet(bytes, 'book.xlsx');
      const read = file.sheets[0]!.rows;
      expect(read).toHaveLength(rows);
      expect(read.filter((r) => r.cells.join('').includes('\uFFFD'))).toEqual([]);
      expect(read.map((r) => r.cells)).toEqual(Array.from({ length: rows }, (_, i) => texts(i)));
    }
  });
});
