import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { screenElements } from '../../widgets/screens/registry.ts';

/** What the build publishes beside the loader for a partner's tools (scripts/widget-declarations.ts). */
const published = (file: string) => path.resolve('dist/widgets/v1', file);

interface Manifest {
  schemaVersion: string;
  modules: {
    path: string;
    declarations: {
      tagName: string;
      attributes: { name: string }[];
      members: { kind: string; name: string; parameters: { name: string; optional: boolean; type: { text: string } }[] }[];
      events: { name: string }[];
      cssProperties: { name: string }[];
    }[];
    exports: { name: string }[];
  }[];
}

/**
 * The TypeScript compiler's complaints about each page's code, written against the published declarations. One
 * program checks them all: the DOM's own declarations are most of the work, and read once they cost a few seconds
 * rather than a few each (one program per page timed out at 30 s on a loaded machine).
 */
function typeErrors(pages: string[]): string[][] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-declarations-'));
  fs.copyFileSync(published('widgets.d.ts'), path.join(folder, 'widgets.d.ts'));
  // A module each, so one page's names do not meet another's.
  const files = pages.map((code, index) => {
    const file = path.join(folder, `page-${index}.ts`);
    fs.writeFileSync(file, `${code}\nexport {};\n`);
    return file;
  });
  const program = ts.createProgram([...files, path.join(folder, 'widgets.d.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return files.map((file) =>
    diagnostics
      .filter((diagnostic) => diagnostic.file === undefined || path.resolve(diagnostic.file.fileName) === file)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
  );
}

describe('the declarations published with the widgets', () => {
  it('lists every element in the custom elements manifest, with its attributes, methods, events and theme properties', () => {
    const manifest = JSON.parse(fs.readFileSync(published('custom-elements.json'), 'utf8')) as Manifest;
    expect(manifest.schemaVersion).toBe('1.0.0');
    const [module] = manifest.modules;
    expect(module?.path).toBe('widgets/v1/embed.js');
    const byTag = new Map(module?.declarations.map((declaration) => [declaration.tagName, declaration]));
    expect([...byTag.keys()].sort()).toEqual(Object.keys(screenElements).sort());
    expect(module?.exports.map(({ name }) => name).sort()).toEqual(Object.keys(screenElements).sort());
    expect(byTag.get('gs-order-payment')?.attributes.map(({ name }) => name)).toEqual(['lang', 'api', 'order-id']);
    expect(byTag.get('gs-wallet')?.attributes.map(({ name }) => name)).toEqual(['lang', 'api']);
    for (const declaration of byTag.values())
      expect(
        declaration.members.map(({ kind, name, parameters }) => [kind, name, parameters]),
        declaration.tagName,
      ).toEqual([
        ['method', 'refresh', []],
        ['method', 'focus', [{ name: 'options', optional: true, type: { text: 'FocusOptions' } }]],
      ]);
    expect(byTag.get('gs-cart')?.events.map(({ name }) => name)).toEqual(['gs:order-created', 'gs:navigate', 'gs:error', 'gs:ready']);
    expect(byTag.get('gs-wallet')?.events.map(({ name }) => name)).toEqual([
      'gs:transfer-completed',
      'gs:navigate',
      'gs:error',
      'gs:ready',
    ]);
    expect(byTag.get('gs-withdraw')?.cssProperties.map(({ name }) => name)).toContain('--gs-radius');
  });

  it('types each element, its methods and each event for a partner page written in TypeScript, and refuses a field no event has', () => {
    const [typed, unknownMethod, unknownField] = typeErrors([
      `
        const cart: HTMLElement | null = document.querySelector('gs-cart');
        cart?.addEventListener('gs:order-created', (event) => console.log(event.detail.id, event.detail.order_number));
        document.addEventListener('gs:login', (event) => console.log(event.detail.username));
        document.addEventListener('gs:error', (event) => console.log(event.detail.code));
        document.querySelector('gs-wallet')?.refresh();
        document.querySelector('gs-login')?.focus({ preventScroll: true });
      `,
      `document.querySelector('gs-wallet')?.reload();`,
      `document.addEventListener('gs:login', (event) => console.log(event.detail.password));`,
    ]);
    expect(typed).toEqual([]);
    expect(unknownMethod?.join('\n')).toMatch(/reload/);
    expect(unknownField?.join('\n')).toMatch(/password/);
  });
});
