import fs from 'node:fs';
import type { Plugin } from 'rollup';
import { embedReference } from '../site/lib/embed-docs.ts';

type Reference = ReturnType<typeof embedReference>;

/** Where the loader is served: every element is defined by it. */
const loaderPath = 'widgets/v1/embed.js';

/** The elements that send an event of their own besides `gs:navigate` and `gs:error`, which any widget may send. */
const eventsOf: Record<string, readonly string[]> = {
  'gs:order-created': ['gs-cart'],
  'gs:transfer-completed': ['gs-wallet'],
  'gs:card-edit': ['gs-bank-cards'],
  'gs:language': ['gs-language-picker'],
};
/** Sent on `document` only, never on an element. */
const documentEvents = new Set(['gs:login', 'gs:logout']);

/** The words in `{ a, b }` (the documented detail), as a TypeScript type whose fields are not promised further. */
const detailType = (detail: string): string => {
  const fields = detail
    .replace(/[{}]/g, '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  return fields.length === 0 ? 'Record<string, never>' : `{ ${fields.map((field) => `${field}: unknown`).join('; ')} }`;
};

const className = (tag: string) => tag.replace(/(^|-)(\w)/g, (_whole, _dash: string, letter: string) => letter.toUpperCase());

/** `options?: FocusOptions` as the manifest's parameters. */
const parametersOf = (parameters: string) =>
  parameters === ''
    ? []
    : parameters.split(',').map((parameter) => {
        const [name = '', type = ''] = parameter.split(':').map((part) => part.trim());
        return { name: name.replace('?', ''), optional: name.endsWith('?'), type: { text: type } };
      });

/** A custom elements manifest (schema 1.0.0), for editors and design tools: each element, its attributes, methods, events, properties and parts. */
export function customElementsManifest({ elements, attributes, methods, events, properties, parts }: Reference) {
  const declarations = elements.map(({ tag, shows }) => ({
    kind: 'class',
    name: className(tag),
    tagName: tag,
    customElement: true,
    description: shows,
    attributes: attributes
      .filter(({ name }) => name !== 'order-id' || tag === 'gs-order-payment')
      .map(({ name, values, effect }) => ({ name, description: `${effect} Values: ${values}`, type: { text: 'string' } })),
    members: methods.map(({ name, parameters, effect }) => ({
      kind: 'method',
      name,
      description: effect,
      parameters: parametersOf(parameters),
      return: { type: { text: 'void' } },
    })),
    events: events
      .filter(({ name }) => !documentEvents.has(name) && (eventsOf[name] === undefined || eventsOf[name].includes(tag)))
      .map(({ name, when, detail }) => ({ name, description: when, type: { text: `CustomEvent<${detailType(detail)}>` } })),
    cssProperties: properties.map(({ name, value, effect }) => ({ name, description: effect, default: value })),
    cssParts: parts.map(({ name, meaning }) => ({ name, description: meaning })),
  }));
  return {
    schemaVersion: '1.0.0',
    readme: 'Graphene solar member widgets: load /widgets/v1/embed.js once, then place any of these elements.',
    modules: [
      {
        kind: 'javascript-module',
        path: loaderPath,
        declarations,
        exports: declarations.map(({ name, tagName }) => ({
          kind: 'custom-element-definition',
          name: tagName,
          declaration: { name, module: loaderPath },
        })),
      },
    ],
  };
}

/** The interface every element has in the declarations: an HTMLElement with our methods. */
const elementInterface = 'GsWidgetElement';

/** TypeScript declarations: each element in HTMLElementTagNameMap with its methods, each event with its detail's fields. */
export function typeDeclarations({ elements, methods, events }: Reference): string {
  const eventLines = (names: (name: string) => boolean) =>
    events
      .filter(({ name }) => names(name))
      .map(({ name, when, detail }) => `    /** ${when.replaceAll('*/', '* /')} */\n    '${name}': CustomEvent<${detailType(detail)}>;`);
  return [
    '// Graphene solar member widgets, defined by /widgets/v1/embed.js (written by the build from the partner documentation).',
    'export {};',
    '',
    'declare global {',
    '  /** Every element the loader defines. */',
    `  interface ${elementInterface} extends HTMLElement {`,
    ...methods.map(({ name, parameters, effect }) => `    /** ${effect.replaceAll('*/', '* /')} */\n    ${name}(${parameters}): void;`),
    '  }',
    '  interface HTMLElementTagNameMap {',
    ...elements.map(({ tag, shows }) => `    /** ${shows.replaceAll('*/', '* /')} */\n    '${tag}': ${elementInterface};`),
    '  }',
    '  interface HTMLElementEventMap {',
    ...eventLines((name) => !documentEvents.has(name)),
    '  }',
    '  interface DocumentEventMap {',
    ...eventLines(() => true),
    '  }',
    '}',
    '',
  ].join('\n');
}

/**
 * Writes v1/custom-elements.json and v1/widgets.d.ts beside the loader, from the reference the partner
 * documentation shows (site/lib/embed-docs.ts) in English: one home for what an element offers.
 */
export function widgetDeclarations(): Plugin {
  return {
    name: 'widget-declarations',
    generateBundle() {
      const eng = JSON.parse(fs.readFileSync('locales/eng.json', 'utf8')) as Record<string, string>;
      const reference = embedReference((key: string) => eng[key] ?? key);
      this.emitFile({
        type: 'asset',
        fileName: 'v1/custom-elements.json',
        source: `${JSON.stringify(customElementsManifest(reference), null, 2)}\n`,
      });
      this.emitFile({ type: 'asset', fileName: 'v1/widgets.d.ts', source: typeDeclarations(reference) });
    },
  };
}
