/// <reference types="mocha" />
import { expect } from 'chai';
import { darkPreset } from '../../site/lib/embed-docs.ts';
import { contrastFindings } from '../../tests/helpers/axe.ts';
import { sheetFiles } from './sheets.ts';

/**
 * The theme a partner page gives the widgets (embed/host.css, the --gs-* properties) reaches every control, and
 * both the light defaults and the documented dark preset (site/lib/embed-docs.ts) meet WCAG AA contrast with it.
 * The widget here is built as the runtime builds one (runtime.tsx): our style sheets adopted in an element's shadow
 * root, on a page whose background is the theme's --gs-color-page. It shows one of each thing a screen colours:
 * text, secondary text and links on cards and on the page, every kind of button (pill, round, toggle, current page,
 * danger), fields with their hint and error, the messages, amounts coming in and going out, the boxes in the page's
 * colour, the cart's steps and the demo account's mark.
 */
const widgetMarkup = `
  <div class="gs-root" part="root" lang="en">
    <section class="card" aria-labelledby="t-card">
      <h2 id="t-card">A card</h2>
      <p>Text on a card, <a href="#a">a link</a>.</p>
      <p class="gs-field__hint">Secondary text on a card</p>
      <p class="gs-actions">
        <button class="button" type="button">Primary</button>
        <button class="button button--secondary" type="button">Secondary</button>
        <button class="button button--quiet" type="button">Quiet</button>
        <a class="button button--small" href="#b">A link as a button</a>
        <button class="button button--small gs-button--danger" type="button">Delete the card</button>
      </p>
      <div class="gs-toggle">
        <button class="button button--small" type="button" aria-pressed="true">Records</button>
        <button class="button button--small" type="button" aria-pressed="false">Statement</button>
      </div>
      <form class="gs-form">
        <div class="gs-field">
          <label for="t-amount">Amount</label>
          <div class="gs-field__control"><input id="t-amount" value="12.5" aria-invalid="true" aria-describedby="t-amount-hint t-amount-error" /></div>
          <p id="t-amount-hint" class="gs-field__hint">Up to 4 decimals</p>
          <p id="t-amount-error" class="gs-field__error">Not more than your balance</p>
        </div>
        <div class="gs-field">
          <label for="t-from">From</label>
          <select id="t-from"><option>Main wallet</option></select>
        </div>
        <div class="gs-field gs-member-select">
          <label for="t-bank">Bank</label>
          <select id="t-bank" aria-invalid="true"><option>Bank of Taiwan</option></select>
        </div>
        <p class="gs-message gs-message--error" role="alert">The transfer failed</p>
        <p class="gs-message gs-message--ok" role="status">Transferred</p>
        <p class="gs-session-notice" role="alert">Logged in on another device</p>
      </form>
      <table class="gs-table">
        <caption>Records</caption>
        <thead><tr><th scope="col">Date</th><th scope="col" class="gs-table__number">Amount</th></tr></thead>
        <tbody>
          <tr><td>2026-11-28</td><td class="gs-table__number">+100.0000</td></tr>
          <tr><td>2026-11-29</td><td class="gs-table__number gs-table__number--out">-100.0000</td></tr>
        </tbody>
      </table>
      <div class="gs-withdraw"><span class="gs-withdraw__reason">Over the card's daily quota</span></div>
      <p class="gs-orders__reason">Refused: the amount differs</p>
      <p class="gs-orders__status" data-status="3">Paid off</p>
      <div class="gs-cart__estimate"><p>Earned last 30 days</p><p class="gs-pay__rule">Secondary text on the page's colour</p></div>
      <p class="gs-verify__status">Verification status: pending</p>
      <p class="gs-pay__demo">Demonstration account</p>
      <ol class="gs-progress">
        <li data-done="true"><span class="gs-progress__dot">1</span>Cart</li>
        <li aria-current="step"><span class="gs-progress__dot">2</span>Payment</li>
        <li><span class="gs-progress__dot">3</span>Done</li>
      </ol>
      <ol class="gs-dig__pages">
        <li><button class="button button--small" type="button" aria-current="page">1</button></li>
        <li><button class="button button--small button--quiet" type="button">2</button></li>
      </ol>
      <button class="gs-cart__delete" type="button">×</button>
      <button class="gs-bell__button" type="button">Notices <span class="gs-bell__count">3</span></button>
    </section>
    <p>Text on the page, <a href="#c">a link on the page</a>.</p>
    <p class="gs-widget-state" role="status">Loading</p>
    <p class="gs-message gs-message--error" role="alert">An error on the page</p>
    <p class="gs-table__number--out">-5.0000</p>
  </div>`;

/** A widget's box as the runtime makes it, with our sheets in its shadow root, in a page of the theme's background. */
async function widget(): Promise<{ host: HTMLElement; root: HTMLElement; remove(): void }> {
  const texts = await Promise.all(
    ['host', 'member-screens', 'member-forms', 'wallet', 'cart', 'dig'].map(async (name) => {
      const response = await fetch(`/${sheetFiles[name as keyof typeof sheetFiles]}`);
      return response.text();
    }),
  );
  const host = document.createElement('gs-theme-probe');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.adoptedStyleSheets = texts.map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  shadow.innerHTML = widgetMarkup;
  const root = shadow.querySelector<HTMLElement>('.gs-root')!;
  // The partner's page around the widget: the theme's own page colour.
  document.body.style.background = getComputedStyle(root).getPropertyValue('--color-page');
  return {
    host,
    root,
    remove() {
      host.remove();
      document.body.style.background = '';
    },
  };
}

/** The dark preset, as a partner copies it onto their page. */
function withDarkPreset(): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(darkPreset);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => (document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet));
}

describe('the widgets’ theme', () => {
  it('meets WCAG AA contrast with the light defaults, every control and amount judged', async () => {
    const { host, root, remove } = await widget();
    try {
      expect(getComputedStyle(root).getPropertyValue('--color-surface').trim()).to.equal('#ffffff');
      const { failures, passed } = await contrastFindings(host);
      expect(failures).to.deep.equal([]);
      expect(passed).to.be.greaterThan(40);
    } finally {
      remove();
    }
  });

  it('meets WCAG AA contrast with the documented dark preset, every colour of it reaching the controls', async () => {
    const removePreset = withDarkPreset();
    const { host, root, remove } = await widget();
    try {
      const colour = (selector: string, property: string) => getComputedStyle(root.querySelector(selector)!).getPropertyValue(property);
      // Amounts going out, errors and the danger button take the preset's error colour, not a red of their own.
      expect(colour('.gs-table__number--out', 'color')).to.equal('rgb(255, 180, 171)');
      expect(colour('.gs-field__error', 'color')).to.equal('rgb(255, 180, 171)');
      expect(colour('.gs-message--error', 'color')).to.equal('rgb(255, 180, 171)');
      expect(colour('.gs-button--danger', 'background-color')).to.equal('rgb(255, 180, 171)');
      expect(colour('.gs-field__control', 'background-color')).to.equal('rgb(27, 36, 32)');
      const { failures, passed } = await contrastFindings(host);
      expect(failures).to.deep.equal([]);
      expect(passed).to.be.greaterThan(40);
    } finally {
      remove();
      removePreset();
    }
  });

  it('lets --gs-radius shape the pill and round buttons and the fields, which keep their own shape without it', async () => {
    const { host, root, remove } = await widget();
    try {
      const radius = (selector: string) => getComputedStyle(root.querySelector(selector)!).borderTopLeftRadius;
      const shapes = () => ['.button', '.gs-cart__delete', '.gs-bell__button', '.gs-field__control', '#t-from'].map(radius);
      expect(shapes()).to.deep.equal(['999px', '50%', '999px', '8px', '8px']);
      host.style.setProperty('--gs-radius', '3px');
      expect(shapes()).to.deep.equal(['3px', '3px', '3px', '3px', '3px']);
    } finally {
      remove();
    }
  });
});
