import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blackPng, photo } from '../../tests/helpers/uploads.ts';
import { declaredSize } from './image-size.ts';

describe('declaredSize reads the size from the header alone', () => {
  it('of a PNG, however long its pixel data', () => {
    expect(declaredSize(blackPng(3, 8_000_000), 'image/png')).toEqual({ width: 3, height: 8_000_000 });
  });

  it('of baseline and progressive JPEGs, past EXIF and other segments', async () => {
    expect(declaredSize(await photo('jpeg', 40, 20), 'image/jpeg')).toEqual({ width: 40, height: 20 });
    const progressive = await sharp(await photo('jpeg', 33, 17))
      .withExif({ IFD0: { Artist: 'someone' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(declaredSize(progressive, 'image/jpeg')).toEqual({ width: 33, height: 17 });
  });

  it('answers nothing for a header that is cut off, out of order or of no size', async () => {
    const jpeg = await photo('jpeg');
    expect(declaredSize(jpeg.subarray(0, 20), 'image/jpeg')).toBeUndefined();
    expect(declaredSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0]), 'image/jpeg')).toBeUndefined();
    expect(declaredSize(blackPng(1, 1).subarray(0, 20), 'image/png')).toBeUndefined();
    const noHeight = Buffer.from(jpeg);
    noHeight.writeUInt16BE(0, noHeight.indexOf(Buffer.from([0xff, 0xc0])) + 5);
    expect(declaredSize(noHeight, 'image/jpeg')).toBeUndefined();
  });
});
