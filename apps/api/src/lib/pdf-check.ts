import { inflateSync } from 'node:zlib';

// Active content a PDF viewer may run or open (decisions §5: documents are records to read, never programs).
// The file is read once, left to right, by a PDF tokenizer (ISO 32000-1 §7.2–7.5): names with their #xx
// escapes decoded, strings and stream data skipped as the syntax says (a word inside a string or a stream is
// not a key), dictionaries tracked so that a stream's /Type, /N, /First, /Filter and /DecodeParms are known.
// Compressed object streams are decoded with every standard filter and read the same way. Every step is
// linear in the bytes read and bounded (issue 23 items 1-3): a crafted file costs its length, never its square.

/** A key or name that makes a document do something rather than show something, and what to call it. */
const ACTIVE_NAMES = new Map<string, string>(
  Object.entries({
    JavaScript: 'JavaScript',
    JS: 'JavaScript',
    Launch: 'an action that launches a program',
    EmbeddedFile: 'an embedded file',
    EmbeddedFiles: 'an embedded file',
    RichMedia: 'an embedded file',
    SubmitForm: 'a form action that sends or loads data',
    ImportData: 'a form action that sends or loads data',
    XFA: 'an XFA form, which can run scripts',
    GoToR: 'a link that opens another file',
    GoToE: 'a link that opens another file',
  }),
);
// A /URI link annotation is allowed: office exports and insurers' PDFs link to web pages, the viewer shows
// the address before it opens it, and nothing runs (decision 019). A URI (or any action) that runs by itself
// when the file opens is refused through /OpenAction below.

/** HTML a browser would render if it ever read the file as a page: a PDF/HTML polyglot. */
const HTML_MARKUP = /<(script|html|body|iframe|svg|!doctype\s+html)[\s>/]/i;
/** Object streams are decoded to be read too; more than this in all is refused rather than read. */
const MAX_DECODED_BYTES = 32 * 1024 * 1024;
/** A real 10 MiB document packs its objects into hundreds of object streams at most. */
const MAX_OBJECT_STREAMS = 5_000;
/** The longest name looked for or read as a value (BitsPerComponent). */
const MAX_NAME = 16;
/** Dictionaries and arrays inside one another. */
const MAX_DEPTH = 100;

class Refused extends Error {}

type Value = string | number | Value[] | Dict | { ref: number };
type Dict = Map<string, Value>;

interface Frame {
  kind: 'dict' | 'array';
  dict: Dict;
  items: Value[];
  /** The key whose value is being read (dictionaries only). */
  key: string | null;
  /** The key whose value was read last, which `n g R` may turn into a reference. */
  lastKey: string | null;
}

const isWhite = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelim = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const hexValue = (c: number) =>
  c >= 0x30 && c <= 0x39
    ? c - 0x30
    : c >= 0x41 && c <= 0x46
      ? c - 0x37
      : c >= 0x61 && c <= 0x66
        ? c - 0x57
        : -1;

interface Budget {
  decoded: number;
  objectStreams: number;
}

/** Where a stream's data lies in the bytes scanned: [start, end). */
type Range = [number, number];

/**
 * Reads `bytes` as PDF syntax and throws Refused on active content. With `streams` false (inside an object
 * stream, which holds no streams) the word `stream` is an ordinary token. Returns the streams' data ranges.
 */
function scan(bytes: Buffer, streams: boolean, budget: Budget): Range[] {
  const n = bytes.length;
  const stack: Frame[] = [];
  const ranges: Range[] = [];
  /** The dictionary that closed last at the outermost level: a following `stream` belongs to it. */
  let lastTop: Dict | null = null;
  let i = 0;

  const setValue = (value: Value) => {
    const top = stack[stack.length - 1];
    if (!top) return;
    if (top.kind === 'array') {
      // Only names matter in an array (a /Filter list); numbers and the rest are not kept.
      if (typeof value === 'string' || value instanceof Map) top.items.push(value);
    } else if (top.key !== null) {
      top.dict.set(top.key, value);
      top.lastKey = top.key;
      top.key = null;
    }
  };
  const wordIs = (start: number, len: number, word: string) => {
    if (len !== word.length) return false;
    for (let k = 0; k < len; k++) if (bytes[start + k] !== word.charCodeAt(k)) return false;
    return true;
  };
  const open = (kind: Frame['kind']) => {
    // Real documents nest a few levels; a file nested deeper than this is not read on.
    if (stack.length >= MAX_DEPTH) throw new Refused('structures nested too deeply to check');
    stack.push({ kind, dict: new Map(), items: [], key: null, lastKey: null });
  };

  while (i < n) {
    const c = bytes[i] as number;
    if (isWhite(c)) {
      i++;
    } else if (c === 0x25) {
      // % comment, to the end of the line
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (c === 0x2f) {
      const start = i + 1;
      i = checkName(bytes, start, n);
      const name = lastName;
      const top = stack[stack.length - 1];
      if (top?.kind === 'dict' && top.key === null) top.key = name;
      else setValue(name);
    } else if (c === 0x28) {
      // (literal string), balanced parentheses, backslash escapes (§7.3.4.2)
      // A name inside a string counts too: a viewer that reads objects by their offsets may find it there.
      let depth = 0;
      for (; i < n; i++) {
        const d = bytes[i];
        if (d === 0x5c) i++;
        else if (d === 0x28) depth++;
        else if (d === 0x29 && --depth === 0) break;
        else if (d === 0x2f) i = checkName(bytes, i + 1, n) - 1;
      }
      i++;
      setValue('');
    } else if (c === 0x3c && bytes[i + 1] === 0x3c) {
      i += 2;
      open('dict');
    } else if (c === 0x3e && bytes[i + 1] === 0x3e) {
      i += 2;
      const frame = stack.pop();
      if (frame?.kind === 'dict') {
        const parent = stack[stack.length - 1];
        if (parent?.kind === 'dict' && parent.key === 'OpenAction')
          throw new Refused('an action that runs when it opens');
        if (parent) setValue(frame.dict);
        else lastTop = frame.dict;
      }
    } else if (c === 0x3c) {
      // <hex string>
      let end = i + 1;
      for (; end < n && bytes[end] !== 0x3e; end++)
        if (bytes[end] === 0x2f) end = checkName(bytes, end + 1, n) - 1;
      i = end + 1;
      setValue('');
    } else if (c === 0x5b) {
      i++;
      open('array');
    } else if (c === 0x5d) {
      i++;
      const frame = stack.pop();
      if (frame?.kind === 'array') setValue(frame.items);
    } else if (isDelim(c)) {
      i++; // a stray ) > { or }
    } else {
      const start = i;
      while (i < n && !isWhite(bytes[i] as number) && !isDelim(bytes[i] as number)) i++;
      const len = i - start;
      const top = stack[stack.length - 1];
      if (len === 1 && c === 0x52) {
        // `n g R`: the number read as the key's value was an object number
        if (top?.kind === 'dict' && top.lastKey !== null && typeof top.dict.get(top.lastKey) === 'number')
          top.dict.set(top.lastKey, { ref: 0 });
      } else if (streams && stack.length === 0 && wordIs(start, len, 'stream')) {
        const range = streamData(bytes, i);
        ranges.push(range);
        if (lastTop) readObjectStream(bytes.subarray(range[0], range[1]), lastTop, budget);
        i = Math.min(n, range[1] + 9);
        lastTop = null;
      } else if (wordIs(start, len, 'endobj') || wordIs(start, len, 'obj')) {
        // Object boundaries: anything left open is broken syntax, and is not carried into the next object.
        stack.length = 0;
        lastTop = null;
      } else if (top?.kind === 'dict' && top.key !== null && len <= 32) {
        // A key's value; in `n g R` the generation comes while no key waits, and is not kept.
        const word = bytes.toString('latin1', start, i);
        const number = Number(word);
        setValue(Number.isFinite(number) ? number : word);
      }
    }
  }
  return ranges;
}

/** The name `checkName` read last (one per call; saves a second decoding of a dictionary's keys). */
let lastName = '';

/** Refuses the name that starts at `start` (after its slash) if it is active; returns where it ends. */
function checkName(bytes: Buffer, start: number, n: number): number {
  let end = start;
  while (end < n && !isWhite(bytes[end] as number) && !isDelim(bytes[end] as number)) end++;
  lastName = decodeName(bytes, start, end);
  const active = ACTIVE_NAMES.get(lastName);
  if (active) throw new Refused(active);
  return end;
}

/** A name's characters from after its slash to `end`, with #xx escapes decoded (§7.3.5). */
function decodeName(bytes: Buffer, start: number, end: number): string {
  // The names looked at are short: a longer one is none of them, and is not read (a name of 10 MiB costs
  // nothing more than its bytes).
  if (end - start > 3 * MAX_NAME) return '';
  let escaped = false;
  for (let k = start; k < end && !escaped; k++) escaped = bytes[k] === 0x23;
  if (!escaped) return end - start > MAX_NAME ? '' : bytes.toString('latin1', start, end);
  let name = '';
  for (let k = start; k < end; k++) {
    const d = bytes[k] as number;
    const hi = d === 0x23 && k + 2 < end ? hexValue(bytes[k + 1] as number) : -1;
    const lo = hi >= 0 ? hexValue(bytes[k + 2] as number) : -1;
    if (lo >= 0) {
      name += String.fromCharCode(hi * 16 + lo);
      k += 2;
    } else name += String.fromCharCode(d);
  }
  return name.length > MAX_NAME ? '' : name;
}

/** The data of the stream whose `stream` keyword ends at `at`: from its first byte to its `endstream`. */
function streamData(bytes: Buffer, at: number): Range {
  let start = at;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  const end = bytes.indexOf('endstream', start, 'latin1');
  return [start, end < 0 ? bytes.length : end];
}

/** Decodes and reads the data of an object stream (a stream with /Type /ObjStm, or its /N and /First). */
function readObjectStream(data: Buffer, dict: Dict, budget: Budget): void {
  const isObjectStream = dict.get('Type') === 'ObjStm' || (dict.has('N') && dict.has('First'));
  if (!isObjectStream) return;
  if (++budget.objectStreams > MAX_OBJECT_STREAMS) throw new Refused('too many object streams to check');
  const decoded = decodeStream(data, dict, budget);
  const text = decoded.toString('latin1');
  if (HTML_MARKUP.test(text)) throw new Refused('HTML markup');
  scan(decoded, false, budget);
}

const asList = (v: Value | undefined): Value[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The stream's data through its filters, in order (§7.4). */
function decodeStream(data: Buffer, dict: Dict, budget: Budget): Buffer {
  const filters = asList(dict.get('Filter') ?? dict.get('F'));
  const parms = asList(dict.get('DecodeParms') ?? dict.get('DP'));
  let out = data;
  filters.forEach((filter, k) => {
    const room = MAX_DECODED_BYTES - budget.decoded;
    const parm = parms[k] instanceof Map ? (parms[k] as Dict) : null;
    switch (filter) {
      case 'FlateDecode':
      case 'Fl':
        out = predict(inflate(out, room), parm);
        break;
      case 'LZWDecode':
      case 'LZW':
        out = predict(lzwDecode(out, room, parm?.get('EarlyChange') !== 0), parm);
        break;
      case 'ASCIIHexDecode':
      case 'AHx':
        out = asciiHexDecode(out);
        break;
      case 'ASCII85Decode':
      case 'A85':
        out = ascii85Decode(out);
        break;
      case 'RunLengthDecode':
      case 'RL':
        out = runLengthDecode(out, room);
        break;
      default:
        // Crypt (an encrypted file) or an image filter: an object stream we cannot read is not taken on trust.
        throw new Refused('a compressed object stream that cannot be read');
    }
    if (out.length > room) throw new Refused('too much compressed content to check');
  });
  budget.decoded += out.length;
  if (budget.decoded > MAX_DECODED_BYTES) throw new Refused('too much compressed content to check');
  return out;
}

function inflate(data: Buffer, room: number): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, room) });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Refused('too much compressed content to check');
    throw new Refused('a compressed object stream that cannot be read');
  }
}

function asciiHexDecode(data: Buffer): Buffer {
  const out = Buffer.alloc(Math.ceil(data.length / 2));
  let len = 0;
  let high = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    const v = hexValue(c);
    if (v < 0) {
      if (isWhite(c)) continue;
      throw new Refused('a compressed object stream that cannot be read');
    }
    if (high < 0) high = v;
    else {
      out[len++] = high * 16 + v;
      high = -1;
    }
  }
  if (high >= 0) out[len++] = high * 16;
  return out.subarray(0, len);
}

function ascii85Decode(data: Buffer): Buffer {
  const out = Buffer.alloc(Math.ceil((data.length * 4) / 5) + 4 * data.length);
  let len = 0;
  const group: number[] = [];
  const flush = (count: number) => {
    let v = 0;
    for (let k = 0; k < 5; k++) v = v * 85 + (group[k] ?? 84);
    const b = [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
    for (let k = 0; k < count - 1; k++) out[len++] = b[k] as number;
  };
  for (let k = 0; k < data.length; k++) {
    const c = data[k] as number;
    if (isWhite(c)) continue;
    if (c === 0x7e) break; // ~> ends the data
    if (c === 0x7a && group.length === 0) {
      out.fill(0, len, len + 4);
      len += 4;
      continue;
    }
    if (c < 0x21 || c > 0x75) throw new Refused('a compressed object stream that cannot be read');
    group.push(c - 0x21);
    if (group.length === 5) {
      flush(5);
      group.length = 0;
    }
  }
  if (group.length > 1) flush(group.length);
  return out.subarray(0, len);
}

function runLengthDecode(data: Buffer, room: number): Buffer {
  const parts: Buffer[] = [];
  let total = 0;
  let k = 0;
  while (k < data.length) {
    const len = data[k++] as number;
    if (len === 128) break;
    const part = len < 128 ? data.subarray(k, k + len + 1) : Buffer.alloc(257 - len, data[k] ?? 0);
    k += len < 128 ? len + 1 : 1;
    total += part.length;
    if (total > room) throw new Refused('too much compressed content to check');
    parts.push(part);
  }
  return Buffer.concat(parts, total);
}

function lzwDecode(data: Buffer, room: number, earlyChange: boolean): Buffer {
  const out: number[] = [];
  let dict: number[][] = [];
  const reset = () => {
    dict = [];
    for (let k = 0; k < 256; k++) dict.push([k]);
    dict.push([], []); // 256 clear, 257 end
  };
  reset();
  let width = 9;
  let bits = 0;
  let acc = 0;
  let prev: number[] | null = null;
  for (const byte of data) {
    acc = ((acc << 8) | byte) >>> 0;
    bits += 8;
    while (bits >= width) {
      bits -= width;
      const code = (acc >>> bits) & ((1 << width) - 1);
      acc &= (1 << bits) - 1;
      if (code === 256) {
        reset();
        width = 9;
        prev = null;
        continue;
      }
      if (code === 257) return Buffer.from(out);
      let entry = dict[code];
      if (entry === undefined || (code > 257 && entry.length === 0)) {
        if (code !== dict.length || !prev)
          throw new Refused('a compressed object stream that cannot be read');
        entry = [...prev, prev[0] as number];
      }
      for (const b of entry) out.push(b);
      if (out.length > room) throw new Refused('too much compressed content to check');
      if (prev) dict.push([...prev, entry[0] as number]);
      prev = entry;
      const next = dict.length + (earlyChange ? 1 : 0);
      if (next >= 1 << width && width < 12) width++;
    }
  }
  return Buffer.from(out);
}

/** Undoes a PNG or TIFF predictor (§7.4.4.4) named by a stream's decode parameters. */
function predict(data: Buffer, parm: Dict | null): Buffer {
  const predictor = Number(parm?.get('Predictor') ?? 1);
  if (predictor <= 1) return data;
  const colors = Number(parm?.get('Colors') ?? 1);
  const bpc = Number(parm?.get('BitsPerComponent') ?? 8);
  const columns = Number(parm?.get('Columns') ?? 1);
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLength = Math.ceil((colors * bpc * columns) / 8);
  if (!(rowLength > 0) || rowLength > data.length + 1) return data;
  if (predictor === 2) {
    if (bpc !== 8) return data;
    const out = Buffer.from(data);
    for (let r = 0; r < out.length; r += rowLength)
      for (let k = r + bpp; k < Math.min(r + rowLength, out.length); k++)
        out[k] = ((out[k] as number) + (out[k - bpp] as number)) & 0xff;
    return out;
  }
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)];
    const src = r * (rowLength + 1) + 1;
    const dst = r * rowLength;
    for (let k = 0; k < rowLength; k++) {
      const raw = data[src + k] as number;
      const left = k >= bpp ? (out[dst + k - bpp] as number) : 0;
      const up = r > 0 ? (out[dst - rowLength + k] as number) : 0;
      const upLeft = r > 0 && k >= bpp ? (out[dst - rowLength + k - bpp] as number) : 0;
      let v = raw;
      if (type === 1) v = raw + left;
      else if (type === 2) v = raw + up;
      else if (type === 3) v = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      out[dst + k] = v & 0xff;
    }
  }
  return out;
}

/** `n g obj` inside a stream's data: an object a viewer could find by its offset but a reader of streams skips. */
const HIDDEN_OBJECT = /\d\s+\d+\s+obj(?![A-Za-z])/;

/**
 * Why a PDF is refused (what it carries that may run or open something), or null for a plain document.
 */
export function pdfActiveContent(bytes: Buffer): string | null {
  const raw = bytes.toString('latin1');
  if (HTML_MARKUP.test(raw)) return 'HTML markup';
  try {
    const ranges = scan(bytes, true, { decoded: 0, objectStreams: 0 });
    // A stream's data is its own business (an image, a font, a page's drawing) unless it hides an object.
    for (const [start, end] of ranges)
      if (HIDDEN_OBJECT.test(raw.slice(start, end))) throw new Refused('an object hidden inside a stream');
    return null;
  } catch (err) {
    if (err instanceof Refused) return err.message;
    throw err;
  }
}
