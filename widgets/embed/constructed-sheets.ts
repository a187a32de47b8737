const made = new Map<string, CSSStyleSheet>();

/** One CSSStyleSheet per sheet for the whole page, shared by every shadow root (and the frame's document) adopting it. */
export function constructedSheets(texts: readonly (readonly [string, string])[]): CSSStyleSheet[] {
  return texts.map(([name, css]) => {
    let sheet = made.get(name);
    if (sheet === undefined) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      made.set(name, sheet);
    }
    return sheet;
  });
}
