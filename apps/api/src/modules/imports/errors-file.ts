import { escapeCell, type ImportRowError } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { ReadRow } from './read-file.ts';

// The rows with errors as an .xlsx (issue 26 item 5): each sheet of the file that had such rows, with the file's
// own headers and cells and a first column "What is wrong" naming the row and the column of each problem, to fix
// and upload again. Every cell is text escaped against formula injection (book-cells.ts), as the export's.

export const WHAT_IS_WRONG = 'What is wrong';

export interface ErrorSheet {
  name: string;
  headers: string[];
  rows: Array<ReadRow & { errors: ImportRowError[] }>;
}

/** "Row 7, Policy Number: Policy Number is required." for each problem, one a line. */
export function whatIsWrong(rowNumber: number, errors: ImportRowError[]): string {
  return errors.map((e) => `Row ${rowNumber}${e.column ? `, ${e.column}` : ''}: ${e.message}`).join('\n');
}

/** An .xlsx sheet name: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
function sheetName(name: string, taken: Set<string>): string {
  const base =
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Rows';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${base.slice(0, 27)} (${n})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export async function errorsWorkbook(sheets: ErrorSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const taken = new Set<string>();
  const shown = sheets.length > 0 ? sheets : [{ name: 'Rows', headers: [], rows: [] }];
  for (const sheet of shown) {
    const ws = workbook.addWorksheet(sheetName(sheet.name, taken), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    ws.columns = [
      { header: WHAT_IS_WRONG, width: 60, style: { alignment: { wrapText: true, vertical: 'top' } } },
      ...sheet.headers.map((h) => ({
        header: escapeCell(h),
        width: Math.min(Math.max(h.length + 2, 12), 30),
      })),
    ];
    ws.getRow(1).font = { bold: true };
    for (const row of sheet.rows) {
      ws.addRow([
        escapeCell(whatIsWrong(row.rowNumber, row.errors)),
        ...sheet.headers.map((_h, i) => escapeCell(row.cells[i] ?? '')),
      ]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
