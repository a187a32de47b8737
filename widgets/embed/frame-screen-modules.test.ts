import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameScreenModules } from './frame-screen-modules.ts';

describe('the framed screens’ modules', () => {
  it('are the modules frame-screen-code.ts loads, screen by screen', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, 'frame-screen-code.ts'), 'utf8');
    const loaded = [...source.matchAll(/'?([a-z-]+)'?: \(\) => import\('\.\.\/([^']+)'\)/g)].map(([, screen = '', file = '']) => [
      screen,
      file,
    ]);
    expect(Object.fromEntries(loaded)).toEqual(frameScreenModules);
  });
});
