/**
 * Accessibility checks inside component tests (web-test-runner, Chromium): axe-core from node_modules
 * over one mounted screen, with the site's styles loaded so that touch targets and colours are real.
 */

/** axe-core's WCAG A/AA rules, experimental ones included, over one element, loaded once as a script from node_modules. */
export async function axeViolations(host: HTMLElement): Promise<string[]> {
  const win = window as unknown as {
    axe?: { run(node: Element, options: unknown): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
  };
  // The pages' styles, so that sizes (touch targets) and colours are judged as members see them.
  for (const sheet of ['global.css', 'member-forms.css', 'cart.css']) {
    if (document.querySelector(`link[data-sheet="${sheet}"]`) !== null) continue;
    await new Promise<void>((resolve, reject) => {
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: `/site/styles/${sheet}` });
      link.dataset.sheet = sheet;
      link.onload = () => resolve();
      link.onerror = () => reject(new Error(`${sheet} did not load`));
      document.head.append(link);
    });
  }
  if (win.axe === undefined) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('axe-core did not load'));
      document.head.append(script);
    });
  }
  const result = await win.axe!.run(host, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'] },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => (node as { target: unknown }).target))}`,
  );
}
