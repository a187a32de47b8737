import { useState } from 'react';
import { useI18n } from '../../core/i18n.ts';
import { saveFile } from '../../ui/save-file.ts';
import { adminDownload } from './operator-session.ts';

/** The words of one download button: at rest, while the file comes, and when it could not. */
export interface CsvDownloadWords {
  idle: string;
  busy: string;
  failed: string;
}

/**
 * A button that saves what a list shows, every page of it, as the CSV file the server streams
 * (the audit log, the orders index): busy while it comes, and saying so when it could not.
 */
export function CsvDownload({ path, fileName, words }: { path: string; fileName: string; words: CsvDownloadWords }) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      saveFile(await adminDownload(path), fileName);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="button button--small button--secondary" disabled={state === 'busy'} onClick={() => void download()}>
        {t(state === 'busy' ? words.busy : words.idle)}
      </button>
      <span className="gs-message gs-message--error" role="alert">
        {state === 'failed' ? t(words.failed) : ''}
      </span>
    </>
  );
}
