import { describe, expect, it } from 'vitest';
import { pdfText, readAll } from '../../test/pdf-text.ts';
import { createPdf } from './pdf.ts';

// The PDF frame (issue 29): A4, the agency on every page, "Page N of M", tables that repeat their header,
// and one font for Latin, ₹ and Devanagari.

describe('PDF frame', () => {
  it('writes an A4 document with the title, headings, a table and page numbers', async () => {
    const pdf = createPdf({
      agencyName: 'Sharma Insurance Agency',
      title: 'Test report',
      subtitle: 'Subtitle line',
      compress: false,
    });
    pdf.heading('First section');
    pdf.paragraph('A paragraph of plain text.');
    pdf.table(
      [
        { header: 'Name', width: 2 },
        { header: 'Amount', width: 1, align: 'right' },
      ],
      [
        ['Rajesh Agarwal', '₹1,23,456.00'],
        ['सुनीता देवी', '₹500.00'],
      ],
    );
    const bytes = await readAll(pdf.end());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const { text, pages } = pdfText(bytes);
    expect(pages).toBe(1);
    for (const s of [
      'Sharma Insurance Agency',
      'Test report',
      'Subtitle line',
      'First section',
      'Name',
      'Amount',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toContain('Rajesh Agarwal');
    expect(text).toContain('₹1,23,456.00');
    expect(text).toContain('सुनीता देवी');
    expect(text).toContain('Page 1 of 1');
  });

  it('shapes Devanagari: conjuncts are drawn as ligature glyphs that read back as their letters', async () => {
    const pdf = createPdf({ agencyName: 'A', title: 'T', compress: false });
    pdf.paragraph('श्रीमती क्षमा शर्मा');
    const bytes = await readAll(pdf.end());
    const { text } = pdfText(bytes);
    // श्र and क्ष are each one ligature glyph, yet every letter is in the text layer.
    for (const s of ['श्रीमती', 'क्षमा']) expect(text).toContain(s);
    // The reph of शर्मा is drawn above the last letter, so the text layer has it in drawing order: proof of shaping
    // (unshaped text would keep the typed order and draw a stray र्).
    expect(text).toContain('शमार्');
    // Embedded as a subset of Noto Sans Devanagari, not a standard (Latin-only) PDF font.
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/);
    expect(bytes.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('repeats the header row of a long table on every page and numbers the pages', async () => {
    const pdf = createPdf({ agencyName: 'Sharma Insurance Agency', title: 'Long', compress: false });
    const rows = Array.from({ length: 120 }, (_, i) => [`Row ${i + 1}`, `${i}`]);
    pdf.table(
      [
        { header: 'Column heading', width: 3 },
        { header: 'N', width: 1 },
      ],
      rows,
    );
    const { text, pages } = pdfText(await readAll(pdf.end()));
    expect(pages).toBeGreaterThan(1);
    expect(text.match(/Column heading/g)?.length).toBe(pages);
    expect(text.match(/Sharma Insurance Agency/g)?.length).toBe(pages);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    expect(text).toContain('Row 1\n');
    expect(text).toContain('Row 120');
  });

  it('keeps the style of a heading that starts a new page', async () => {
    const pdf = createPdf({ agencyName: 'Sharma Insurance Agency', title: 'Long', compress: false });
    // Lines until less than a heading's room is left: the heading itself starts page 2.
    const { doc } = pdf;
    for (let i = 1; doc.y < doc.page.height - doc.page.margins.bottom - 60; i++) pdf.paragraph(`Line ${i}`);
    expect(doc.bufferedPageRange().count).toBe(1);
    pdf.heading('Nominee check');
    pdf.paragraph('After the heading.');
    const { runs, pages } = pdfText(await readAll(pdf.end()));
    expect(pages).toBe(2);
    expect(runs.find((r) => r.text === 'Nominee check')?.size).toBe(12);
    expect(runs.find((r) => r.text === 'After the heading.')?.size).toBe(10);
  });

  it('draws a PNG logo and ignores bytes it cannot read', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const withLogo = await readAll(
      createPdf({ agencyName: 'A', title: 'T', logo: png, compress: false }).end(),
    );
    expect(withLogo.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const bad = await readAll(
      createPdf({
        agencyName: 'Agency B',
        title: 'T',
        logo: Buffer.from('RIFF....WEBP'),
        compress: false,
      }).end(),
    );
    expect(bad.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    expect(pdfText(bad).text).toContain('Agency B');
  });
});
