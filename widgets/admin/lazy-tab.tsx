import { useEffect, useState, type ComponentType } from 'react';
import { useI18n } from '../core/i18n.ts';

/**
 * A back-office tab whose screen is loaded when the tab is first opened, keeping the page's island
 * under its budget. A failed load is told, and tried again the next time the tab opens.
 */
export function lazyTab<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return function LazyTab(props: P) {
    const { t } = useI18n();
    const [Screen, setScreen] = useState<ComponentType<P> | null>(null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      let live = true;
      once()
        .then((loaded) => live && setScreen(() => loaded))
        .catch(() => live && setFailed(true));
      return () => {
        live = false;
      };
    }, []);
    if (failed)
      return (
        <p className="gs-message gs-message--error" role="alert">
          {t('admin_load_error')}
        </p>
      );
    if (Screen === null) return <p role="status">{t('loading')}</p>;
    return <Screen {...props} />;
  };
}
