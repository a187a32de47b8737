import type { FastifyInstance } from 'fastify';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';

const boundary = '----graphene-solar-test';

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(
  bytes: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
  field = 'image',
): { payload: Buffer; contentType: string } {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A small real picture, made fresh. */
export function photo(format: 'png' | 'jpeg', width = 32, height = 24): Promise<Buffer> {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
}

/** A PNG chunk: length, type, data and the CRC that readers check. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, bitDepth: number, colourType: number, pixels: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims a picture far larger than its few bytes of pixels. */
export function pngClaiming(width: number, height: number): Buffer {
  return png(width, height, 8, 2, Buffer.alloc(1024));
}

/** The JPEG with the size in its frame header (SOF0, as sharp writes it) changed to the one given. */
export function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  const claimed = Buffer.from(jpeg);
  claimed.writeUInt16BE(height, frame + 5);
  claimed.writeUInt16BE(width, frame + 7);
  return claimed;
}

/**
 * A real one-bit black PNG of any size: every row is there, compressed to almost nothing (1 × 24,000,000
 * is about 46 KB), so it is small on the wire and long to decode: a decompression bomb.
 */
export function blackPng(width: number, height: number): Buffer {
  return png(width, height, 1, 0, Buffer.alloc((1 + Math.ceil(width / 8)) * height));
}

/** Uploads a fresh jpeg as the member and returns its id. */
export async function uploadPhoto(app: FastifyInstance, token: string): Promise<number> {
  const body = multipart(await photo('jpeg'));
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/image/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { detail: { id: number } }).detail.id;
}

/** The routes that take a multipart upload, and whose token each needs. */
export const multipartRoutes = [
  { url: '/api/v1/image/upload', caller: 'member' },
  { url: '/api/admin/v1/site/pictures', caller: 'operator' },
  { url: '/api/admin/v1/catalogue/pictures', caller: 'operator' },
] as const;

/** Multipart bodies a broken client or an attacker sends: cut off at several points, or malformed. */
export function damagedMultiparts(bytes: Buffer): { name: string; payload: Buffer; contentType: string }[] {
  const whole = multipart(bytes, 'photo.png', 'image/png');
  const cut = (length: number, name: string) => ({ name, payload: whole.payload.subarray(0, length), contentType: whole.contentType });
  return [
    cut(whole.payload.length - 10, 'cut off in the closing boundary'),
    cut(Math.floor(whole.payload.length / 2), 'cut off in the file'),
    cut(40, 'cut off in the part headers'),
    { name: 'no boundary given', payload: whole.payload, contentType: 'multipart/form-data' },
    { name: 'another boundary', payload: whole.payload, contentType: 'multipart/form-data; boundary=elsewhere' },
  ];
}
