import { createI18n, I18nProvider } from '../core/i18n.ts';
import type { IslandProps } from '../screens/screen.tsx';
import { AdminApp } from './AdminApp.tsx';

/** The back office has no member session to watch: only the page's locale and messages. */
export default function AdminIsland({ locale, messages }: IslandProps) {
  return (
    <I18nProvider value={createI18n(locale, messages)}>
      <AdminApp />
    </I18nProvider>
  );
}
