import { encode } from 'uqr';

/** The quiet zone QR readers need around the code, in modules. */
const quietZoneModules = 4;

export interface QrCode {
  /** Width and height in modules, quiet zone included: the SVG's viewBox is `0 0 size size`. */
  size: number;
  /** One SVG path of the dark modules, so a client draws it with one `<path d>` and no markup from us. */
  path: string;
}

/**
 * The QR code of a receiving address, drawn by the client as an inline SVG path (no image request
 * to another origin, no inline style, so it works under any page's CSP). Error correction M.
 */
export function qrCodeOf(text: string): QrCode {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  const parts: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x += 1;
      parts.push(`M${start + quietZoneModules} ${y + quietZoneModules}h${x - start}v1h-${x - start}z`);
    }
  });
  return { size: size + 2 * quietZoneModules, path: parts.join('') };
}
