import type { ImageContentType } from '../db/schema-back-office.ts';

export interface DeclaredSize {
  width: number;
  height: number;
}

/**
 * The size a picture's header declares, read from the bytes alone (PNG IHDR, JPEG SOF), before any
 * image library sees them: a file that claims too many pixels is refused in microseconds, on the
 * request's own thread, and never takes a decoding slot. Undefined when the header is missing or
 * malformed (the file is then damaged).
 */
export function declaredSize(bytes: Buffer, contentType: ImageContentType): DeclaredSize | undefined {
  return contentType === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
}

/** PNG: the first chunk must be IHDR (length 13), width then height as 32-bit big-endian. */
function pngSize(bytes: Buffer): DeclaredSize | undefined {
  if (bytes.length < 24 || bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return positive(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

/** Markers that stand alone, without a length: TEM and the restart markers RST0-7. */
const standaloneMarker = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** Start-of-frame markers C0-CF, except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const frameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const startOfScan = 0xda;

/** JPEG: walk the segments after SOI to the first start of frame (height, then width, 16-bit each). */
function jpegSize(bytes: Buffer): DeclaredSize | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes: any number of 0xFF may precede a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (standaloneMarker(marker)) {
      at += 2;
      continue;
    }
    // Pixels before any frame header: no size to trust.
    if (marker === startOfScan) return undefined;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    if (frameMarker(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return positive(bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5));
    }
    at += 2 + length;
  }
  return undefined;
}

/** A side of 0 is no picture (a JPEG height of 0 defers the size to later data, which we do not accept). */
function positive(width: number, height: number): DeclaredSize | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}
