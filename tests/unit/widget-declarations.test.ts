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

/** The TypeScript compiler's complaints about `code` written against the published declarations. */
function typeErrors(code: string): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-declarations-'));
  fs.copyFileSync(published('widgets.d.ts'), path.join(folder, 'widgets.d.ts'));
  fs.writeFileSync(path.join(folder, 'page.ts'), code);
  const program = ts.createProgram([path.join(folder, 'page.ts'), path.join(folder, 'widgets.d.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
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
    expect(
      typeErrors(`
        const cart: HTMLElement | null = document.querySelector('gs-cart');
        cart?.addEventListener('gs:order-created', (event) => console.log(event.detail.id, event.detail.order_number));
        document.addEventListener('gs:login', (event) => console.log(event.detail.username));
        document.addEventListener('gs:error', (event) => console.log(event.detail.code));
        document.querySelector('gs-wallet')?.refresh();
        document.querySelector('gs-login')?.focus({ preventScroll: true });
      `),
    ).toEqual([]);
    expect(typeErrors(`document.querySelector('gs-wallet')?.reload();`).join('\n')).toMatch(/reload/);
    expect(typeErrors(`document.addEventListener('gs:login', (event) => console.log(event.detail.password));`).join('\n')).toMatch(
      /password/,
    );
  });
});
