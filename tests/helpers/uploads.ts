import type { FastifyInstance } from 'fastify';
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
