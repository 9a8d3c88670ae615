import { deflateSync } from 'node:zlib';

// A minimal PNG encoder (RGB, 8 bits), enough for generated images: demo logos and test fixtures.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export type Rgb = readonly [number, number, number];

/** Encodes an RGB image given a colour per pixel; `extra` chunks go before IEND. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgb,
  extra: Buffer[] = [],
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    ...extra,
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A simple logo: a ring in `colour` around a smaller disc, on a light background. */
export function discLogo(colour: Rgb, size = 96): Buffer {
  const c = (size - 1) / 2;
  const background: Rgb = [248, 250, 252];
  return encodePng(size, size, (x, y) => {
    const d = Math.hypot(x - c, y - c) / c;
    if (d <= 0.45 || (d >= 0.62 && d <= 0.92)) return colour;
    return background;
  });
}
