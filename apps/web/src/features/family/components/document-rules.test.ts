import { DOCUMENT_MAX_BYTES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { checkDocument, sniff } from './document-rules.ts';

// The checks an owner meets before a family member's document is sent (decisions §5).

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const PDF = [...'%PDF-1.4\n'].map((c) => c.charCodeAt(0));
const WEBP = [...'RIFF\0\0\0\0WEBPVP8 '].map((c) => c.charCodeAt(0));
const file = (bytes: number[], name: string, type = '') => new File([new Uint8Array(bytes)], name, { type });

describe('sniff', () => {
  it('names PDFs and the three image kinds by their first bytes, and nothing else', () => {
    expect(sniff(new Uint8Array(PDF))).toBe('application/pdf');
    expect(sniff(new Uint8Array(PNG))).toBe('image/png');
    expect(sniff(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(sniff(new Uint8Array(WEBP))).toBe('image/webp');
    expect(sniff(new Uint8Array([0x4d, 0x5a, 0x90, 0]))).toBeNull(); // MZ: a Windows executable
    expect(sniff(new TextEncoder().encode('<html><body>'))).toBeNull();
  });
});

describe('checkDocument', () => {
  it('takes a PDF or an image for Aadhaar, PAN and cheque', async () => {
    expect(await checkDocument('aadhaar', file(PDF, 'aadhaar.pdf', 'application/pdf'))).toBeNull();
    expect(await checkDocument('pan', file(JPEG, 'pan.jpg', 'image/jpeg'))).toBeNull();
    expect(await checkDocument('cheque', file(WEBP, 'cheque.webp'))).toBeNull();
  });

  it('takes only an image for the profile photo, naming the document', async () => {
    expect(await checkDocument('profile_image', file(PNG, 'me.png', 'image/png'))).toBeNull();
    expect(await checkDocument('profile_image', file(PDF, 'me.pdf', 'application/pdf'))).toBe(
      'Profile photo document must be a JPEG, PNG or WebP image; “me.pdf” is not.',
    );
  });

  it('goes by the bytes, not the name: an HTML page or a program called .pdf is refused', async () => {
    const html = [...'<html><script>alert(1)</script>'].map((c) => c.charCodeAt(0));
    expect(await checkDocument('aadhaar', file(html, 'aadhaar.pdf', 'application/pdf'))).toBe(
      'Aadhaar document must be a PDF, JPEG, PNG or WebP file; “aadhaar.pdf” is not.',
    );
    expect(await checkDocument('pan', file([0x4d, 0x5a, 0x90, 0, 3], 'pan.png', 'image/png'))).toMatch(
      /^PAN document must be a PDF, JPEG, PNG or WebP file/,
    );
  });

  it('refuses an empty file and one over 10 MiB', async () => {
    expect(await checkDocument('cheque', file([], 'cheque.pdf'))).toBe(
      'Cheque document is empty. Choose the file again.',
    );
    const big = new File([new Uint8Array(PDF), new Uint8Array(DOCUMENT_MAX_BYTES)], 'big.pdf');
    expect(await checkDocument('cheque', big)).toBe('Cheque document must be at most 10 MiB.');
  });
});
