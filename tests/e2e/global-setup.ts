import { prepareDataDirTemplate } from '../helpers/data-dir-template.ts';

let removeTemplate: (() => Promise<void>) | undefined;

/** Once per end-to-end run (node --test --test-global-setup): the migrated data folder every product copies. */
export async function globalSetup(): Promise<void> {
  removeTemplate = await prepareDataDirTemplate();
}

export async function globalTeardown(): Promise<void> {
  await removeTemplate?.();
}
