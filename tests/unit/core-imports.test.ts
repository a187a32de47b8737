import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps widgets/core free of features (decision 020), run through ESLint's own
 * API on a few lines placed, by file name, where they would sit.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function rulesBroken(text: string, placedAt: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, placedAt) });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

const importsAFeature = "import { RequireLogin } from '../auth/RequireLogin.tsx';\nexport const guard = RequireLogin;\n";
const importsSharedUi = "import { Field } from '../ui/form.tsx';\nexport const field = Field;\n";
const importsCoreAndLocales =
  "import { localePath } from '../../locales/index.ts';\nimport { $token } from './session.ts';\nexport const both = [localePath, $token];\n";

describe('widgets/core imports no feature', () => {
  it('fails lint when a core module imports a screen family or widgets/ui', async () => {
    expect(await rulesBroken(importsAFeature, 'widgets/core/guarded.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesBroken(importsSharedUi, 'widgets/core/field.ts')).toEqual(['no-restricted-imports']);
  });

  it('lets a core module import core and the locales', async () => {
    expect(await rulesBroken(importsCoreAndLocales, 'widgets/core/both.ts')).toEqual([]);
  });

  it('lets the screen families and widgets/screens import features', async () => {
    expect(await rulesBroken(importsAFeature, 'widgets/wallet/guarded.ts')).toEqual([]);
    expect(await rulesBroken(importsAFeature, 'widgets/screens/guarded.ts')).toEqual([]);
  });
});
