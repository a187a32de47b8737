/**
 * Accessibility checks inside component tests (web-test-runner, Chromium): axe-core from node_modules
 * over one mounted screen, with the site's styles loaded so that touch targets and colours are real.
 */

interface AxeResult {
  id: string;
  nodes: { target: unknown; any?: { message: string }[] }[];
}

interface Axe {
  run(node: Element, options: unknown): Promise<{ violations: AxeResult[]; incomplete: AxeResult[]; passes: AxeResult[] }>;
}

/** axe-core, loaded once as a script from node_modules. */
async function loadedAxe(): Promise<Axe> {
  const win = window as unknown as { axe?: Axe };
  if (win.axe === undefined) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('axe-core did not load'));
      document.head.append(script);
    });
  }
  return win.axe!;
}

/**
 * axe-core's colour contrast rule (WCAG AA) over one element, shadow roots included: what fails it, and what axe
 * could not judge (a colour it cannot read), since a check that quietly judges nothing proves nothing. With the
 * number of elements it found to pass.
 */
export async function contrastFindings(host: HTMLElement): Promise<{ failures: string[]; passed: number }> {
  const axe = await loadedAxe();
  const result = await axe.run(host, { runOnly: { type: 'rule', values: ['color-contrast'] } });
  const lines = (kind: string, found: AxeResult[]) =>
    found.flatMap((finding) =>
      finding.nodes.map((node) => `${kind}: ${JSON.stringify(node.target)} ${node.any?.map((check) => check.message).join(' ') ?? ''}`),
    );
  return {
    failures: [...lines('fails', result.violations), ...lines('not judged', result.incomplete)],
    passed: result.passes.reduce((sum, finding) => sum + finding.nodes.length, 0),
  };
}

/** axe-core's WCAG A/AA rules, experimental ones included, over one element. */
export async function axeViolations(host: HTMLElement): Promise<string[]> {
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
  const axe = await loadedAxe();
  const result = await axe.run(host, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'] },
  });
  return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
}
