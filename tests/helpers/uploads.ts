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
