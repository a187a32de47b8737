import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 32 item 3: a repository returns rows named as the database names its columns (snake_case), a computed
 * column with a snake_case alias; camelCase is for parameters, options and values that are not rows, and the API's
 * names are chosen by the folder's `.json.ts` mapper or its service (docs/architecture.md, the folder template).
 *
 * The TypeScript compiler reads every `server/<folder>/*.repository.ts` and this test fails on a field whose name
 * is not snake_case in a type a repository exports named `…Row`, or in what an exported function returns: through
 * promises, arrays, iterables and generators, into nested objects. Library types (Date, Set, Map, Kysely's SQL
 * fragments and query results) are not rows and are not opened.
 */
const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'server');
const plantedFile = path.join(serverDir, 'planted', 'planted.repository.ts');
const snakeCase = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * Exports that may answer camelCase, each with its reason, as `<folder>/<file>: <export>`. An entry that no longer
 * matches a camelCase field fails the test, so the list only shrinks.
 */
const allowed = new Map<string, string>([
  [
    'distribution/correction-sharing.repository.ts: shareCorrections',
    'a run that opens its own transactions and answers what it credited, counted in TypeScript: not a row, and it joins the run summary distribution.ts answers (ordersCredited)',
  ],
]);

/** Wrappers whose type argument is what a function really answers. */
const wrappers = new Set([
  'Promise',
  'PromiseLike',
  'Array',
  'ReadonlyArray',
  'Iterable',
  'IterableIterator',
  'Generator',
  'AsyncIterable',
  'AsyncIterableIterator',
  'AsyncGenerator',
]);

function repositoryFiles(): string[] {
  return fs
    .readdirSync(serverDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(serverDir, folder.name))
        .filter((name) => name.endsWith('.repository.ts'))
        .map((name) => path.join(serverDir, folder.name, name)),
    );
}

/** One program over the repositories (and, when given, the planted fixture served as a repository of its own). */
function repositoryProgram(files: string[], planted?: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  if (planted !== undefined) {
    const { fileExists, readFile, getSourceFile } = host;
    host.fileExists = (file) => file === plantedFile || fileExists.call(host, file);
    host.readFile = (file) => (file === plantedFile ? planted : readFile.call(host, file));
    host.getSourceFile = (file, language, onError, shouldCreate) =>
      file === plantedFile ? ts.createSourceFile(file, planted, language) : getSourceFile.call(host, file, language, onError, shouldCreate);
  }
  return ts.createProgram(planted === undefined ? files : [...files, plantedFile], config.options, host);
}

/** Every field that is not snake_case in what each repository exports, as `<folder>/<file>: <export> -> <field path>`. */
function camelCaseFields(program: ts.Program, files: string[]): string[] {
  const checker = program.getTypeChecker();

  const isLibraryType = (type: ts.Type): boolean => {
    const symbol = type.getSymbol();
    return (
      symbol !== undefined &&
      (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) !== 0 &&
      (symbol.declarations ?? []).some((declaration) => declaration.getSourceFile().fileName.includes('/node_modules/'))
    );
  };

  /** The object types a value of `type` is made of: wrappers opened, unions and intersections split. */
  const objectTypes = (type: ts.Type): ts.Type[] => {
    if (type.isUnion() || type.isIntersection()) return type.types.flatMap(objectTypes);
    if ((type.flags & ts.TypeFlags.Object) === 0) return [];
    const name = type.getSymbol()?.getName() ?? '';
    if (wrappers.has(name) || checker.isTupleType(type)) return checker.getTypeArguments(type as ts.TypeReference).flatMap(objectTypes);
    if (type.getCallSignatures().length > 0 || isLibraryType(type)) return [];
    return [type];
  };

  const fieldsOf = (type: ts.Type, prefix: string, found: string[], seen: Set<ts.Type>): void => {
    for (const object of objectTypes(type)) {
      if (seen.has(object)) continue;
      seen.add(object);
      for (const property of object.getProperties()) {
        const name = property.getName();
        if (!snakeCase.test(name)) found.push(prefix + name);
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        const propertyType =
          declaration === undefined ? checker.getTypeOfSymbol(property) : checker.getTypeOfSymbolAtLocation(property, declaration);
        fieldsOf(propertyType, `${prefix}${name}.`, found, seen);
      }
    }
  };

  return files.flatMap((file) => {
    const source = program.getSourceFile(file);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${file} was not read`);
    const where = path.relative(serverDir, file).split(path.sep).join('/');
    return checker.getExportsOfModule(module).flatMap((exported) => {
      const symbol = (exported.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations?.[0];
      if (declaration === undefined) return [];
      const found: string[] = [];
      if ((symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) !== 0) {
        if (symbol.getName().endsWith('Row')) fieldsOf(checker.getDeclaredTypeOfSymbol(symbol), '', found, new Set());
      } else {
        for (const signature of checker.getTypeOfSymbolAtLocation(symbol, declaration).getCallSignatures())
          fieldsOf(signature.getReturnType(), '', found, new Set());
      }
      return [...new Set(found)].map((field) => `${where}: ${exported.getName()} -> ${field}`);
    });
  });
}

const exportOf = (finding: string) => finding.slice(0, finding.indexOf(' -> '));

describe('the rows repositories return', () => {
  const files = repositoryFiles();
  const planted = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/camel-case-rows.ts.txt'), 'utf8');
  // One program serves both tests: reading the repositories with their imports is most of the work.
  let program: ts.Program;
  beforeAll(() => {
    program = repositoryProgram(files, planted);
  }, 120_000);

  it('are named as the database names its columns: no camelCase field outside the allow-list', () => {
    const found = camelCaseFields(program, files);
    expect(found.filter((finding) => !allowed.has(exportOf(finding)))).toEqual([]);
    expect([...allowed.keys()].filter((entry) => !found.some((finding) => exportOf(finding) === entry))).toEqual([]);
  });

  it('catches a camelCase field in a row type, in returned rows, nested in a row and in what a generator yields', () => {
    expect(camelCaseFields(program, [plantedFile]).sort()).toEqual([
      'planted/planted.repository.ts: PlantedRow -> createdAt',
      'planted/planted.repository.ts: plantedBatches -> rowsRead',
      'planted/planted.repository.ts: plantedRows -> userName',
      'planted/planted.repository.ts: plantedRows -> wallet.partnerCity',
    ]);
  });
});
