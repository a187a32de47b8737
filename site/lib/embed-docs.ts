import type { Translate } from '../../widgets/core/i18n.ts';

/**
 * What the partner documentation page (pages/[...lang]/partners/embed.astro) lists: the code
 * samples, the same in every locale, and its reference tables in the reader's language.
 */

// Our origin and the partner's are the documented examples.
export const snippet = `<script type="module" src="https://shop.example/widgets/v1/embed.js"></script>
<gs-login></gs-login>
<gs-wallet lang="eng"></gs-wallet>`;

export const eventsExample = `document.addEventListener('gs:login', (event) => {
  console.log('Logged in:', event.detail.username);
});
document.addEventListener('gs:order-created', (event) => {
  const { id, order_number, total_amount } = event.detail;
  console.log('New order', order_number, total_amount);
  // Its payment information, in the <gs-order-payment> of this page:
  document.querySelector('gs-order-payment').setAttribute('order-id', id);
});
document.addEventListener('gs:error', (event) => {
  console.warn(event.target.localName, event.detail.code);
});
// This site shows the add-card form on a page of its own, and an order's
// payment in the <gs-order-payment> beside its order list: members stay here.
document.addEventListener('gs:navigate', (event) => {
  const [path, query] = event.detail.route.split('?');
  if (path === '/setting/addBank') {
    event.preventDefault();
    location.assign('/account/add-card');
  } else if (path === '/setting/order/checkpayment') {
    event.preventDefault();
    const id = new URLSearchParams(query).get('id');
    document.querySelector('gs-order-payment').setAttribute('order-id', id);
  }
});`;

export const themeExample = `body {
  --gs-font: 'Inter', system-ui, sans-serif;
  --gs-radius: 4px;
}
gs-wallet {
  --gs-color-accent: #0057b8;
  --gs-color-on-accent: #ffffff;
}
gs-withdraw::part(submit) {
  text-transform: uppercase;
}`;

/**
 * The dark preset: every colour property, for a page whose background is as dark as its --gs-color-page.
 * widgets/embed/theme-contrast.browser.test.tsx checks it, and the light defaults, with axe for WCAG AA contrast.
 */
export const darkPreset = `:root {
  --gs-color-page: #111714;
  --gs-color-surface: #1b2420;
  --gs-color-ink: #e6ede9;
  --gs-color-muted: #a7b5ae;
  --gs-color-line: #3b4843;
  --gs-color-brand: #8fd6b5;
  --gs-color-on-brand: #111714;
  --gs-color-accent: #f5b301;
  --gs-color-on-accent: #17201c;
  --gs-color-error: #ffb4ab;
}`;

export const csp = `Content-Security-Policy: default-src 'self'; script-src 'self' https://shop.example; style-src 'self'; img-src 'self' https://shop.example data: blob:; connect-src 'self'; frame-src https://shop.example`;

/** The page's reference tables, worded with `t`. */
export function embedReference(t: Translate) {
  return {
    /** Every element a partner page can hold (widgets/screens/registry.ts), what it shows and whether it needs a login. */
    elements: [
      { tag: 'gs-session-badge', shows: t('partners_embed_el_session_badge'), login: false },
      { tag: 'gs-notifications', shows: t('partners_embed_el_notifications'), login: true },
      { tag: 'gs-language-picker', shows: t('partners_embed_el_language_picker'), login: false },
      { tag: 'gs-login', shows: t('partners_embed_el_login'), login: false },
      { tag: 'gs-register', shows: t('partners_embed_el_register'), login: false },
      { tag: 'gs-setting', shows: t('partners_embed_el_setting'), login: false },
      { tag: 'gs-edit-user', shows: t('partners_embed_el_edit_user'), login: true },
      { tag: 'gs-wallet', shows: t('partners_embed_el_wallet'), login: true },
      { tag: 'gs-wallet-transactions', shows: t('partners_embed_el_wallet_transactions'), login: true },
      { tag: 'gs-wallet-statement', shows: t('partners_embed_el_wallet_statement'), login: true },
      { tag: 'gs-bank-cards', shows: t('partners_embed_el_bank_cards'), login: true },
      { tag: 'gs-bank-add', shows: t('partners_embed_el_bank_add'), login: true },
      { tag: 'gs-bank-update', shows: t('partners_embed_el_bank_update'), login: true },
      { tag: 'gs-verify', shows: t('partners_embed_el_verify'), login: true },
      { tag: 'gs-withdraw', shows: t('partners_embed_el_withdraw'), login: true },
      { tag: 'gs-dig', shows: t('partners_embed_el_dig'), login: true },
      { tag: 'gs-add-machine', shows: t('partners_embed_el_add_machine'), login: true },
      { tag: 'gs-cart', shows: t('partners_embed_el_cart'), login: true },
      { tag: 'gs-orders', shows: t('partners_embed_el_orders'), login: true },
      { tag: 'gs-order-payment', shows: t('partners_embed_el_order_payment'), login: true },
    ],

    attributes: [
      { name: 'lang', values: t('partners_embed_attr_lang_values'), effect: t('partners_embed_attr_lang') },
      { name: 'api', values: t('partners_embed_attr_api_values'), effect: t('partners_embed_attr_api') },
      { name: 'order-id', values: t('partners_embed_attr_order_id_values'), effect: t('partners_embed_attr_order_id') },
    ],

    events: [
      { name: 'gs:login', when: t('partners_embed_event_login'), detail: '{ username }' },
      { name: 'gs:logout', when: t('partners_embed_event_logout'), detail: '{}' },
      { name: 'gs:order-created', when: t('partners_embed_event_order_created'), detail: '{ id, order_number, total_amount }' },
      { name: 'gs:transfer-completed', when: t('partners_embed_event_transfer_completed'), detail: '{ type, partner_city_id, amount }' },
      { name: 'gs:card-edit', when: t('partners_embed_event_card_edit'), detail: '{ card_id }' },
      { name: 'gs:navigate', when: t('partners_embed_event_navigate'), detail: '{ route, href }' },
      { name: 'gs:language', when: t('partners_embed_event_language'), detail: '{ locale, lang }' },
      { name: 'gs:error', when: t('partners_embed_event_error'), detail: '{ code }' },
      { name: 'gs:ready', when: t('partners_embed_event_ready'), detail: '{}' },
    ],

    /** The methods every element has (widgets/embed/embed.ts), with their parameters as TypeScript writes them. */
    methods: [
      { name: 'refresh', parameters: '', effect: t('partners_embed_method_refresh') },
      { name: 'focus', parameters: 'options?: FocusOptions', effect: t('partners_embed_method_focus') },
    ],

    /**
     * The routes of our pages the widgets link to (`siteHref` in widgets/), as `gs:navigate` names
     * them (`paths`: one row can name several), and the element that shows the same screen on a
     * partner's page (none: only our site has it).
     */
    routes: [
      { paths: ['/login'], element: 'gs-login' },
      { paths: ['/register'], element: 'gs-register' },
      { paths: ['/setting/bank'], element: 'gs-bank-cards' },
      { paths: ['/setting/addBank'], element: 'gs-bank-add' },
      { paths: ['/setting/verify'], element: 'gs-verify' },
      { paths: ['/setting/order'], element: 'gs-orders' },
      { paths: ['/setting/order/checkpayment?id=…'], element: 'gs-order-payment' },
      { paths: ['/cart?buy=1'], element: 'gs-cart' },
      { paths: ['/wallet/transactions'], element: 'gs-wallet-transactions' },
      { paths: ['/wallet/statement'], element: 'gs-wallet-statement' },
      { paths: ['/wallet/withdraw'], element: 'gs-withdraw' },
      { paths: ['/dig'], element: 'gs-dig' },
      { paths: ['/addmachine'], element: 'gs-add-machine' },
      { paths: ['/edit-user'], element: 'gs-edit-user' },
      { paths: ['/setting/language'], element: 'gs-language-picker' },
      {
        paths: [
          '/home/shopping',
          '/trust',
          '/prevention',
          '/setting/about',
          '/setting/service',
          '/reset-password',
          '/setting/instruction',
          '/setting/warning',
        ],
        element: null,
      },
    ],

    /** The theme properties a widget reads (widgets/embed/host.css), with the brand's values as defaults. */
    properties: [
      { name: '--gs-color-ink', value: '#17201c', effect: t('partners_embed_prop_color_ink'), colour: true },
      { name: '--gs-color-muted', value: '#4d5a54', effect: t('partners_embed_prop_color_muted'), colour: true },
      { name: '--gs-color-brand', value: '#0b3d2e', effect: t('partners_embed_prop_color_brand'), colour: true },
      { name: '--gs-color-accent', value: '#f5b301', effect: t('partners_embed_prop_color_accent'), colour: true },
      { name: '--gs-color-surface', value: '#ffffff', effect: t('partners_embed_prop_color_surface'), colour: true },
      { name: '--gs-color-page', value: '#f3f6f4', effect: t('partners_embed_prop_color_page'), colour: true },
      { name: '--gs-color-line', value: '#d5ddd9', effect: t('partners_embed_prop_color_line'), colour: true },
      { name: '--gs-color-error', value: '#b3261e', effect: t('partners_embed_prop_color_error'), colour: true },
      { name: '--gs-color-on-accent', value: '#17201c', effect: t('partners_embed_prop_color_on_accent'), colour: true },
      { name: '--gs-color-on-brand', value: '#ffffff', effect: t('partners_embed_prop_color_on_brand'), colour: true },
      { name: '--gs-font', value: 'system-ui, …', effect: t('partners_embed_prop_font'), colour: false },
      { name: '--gs-font-size', value: '16px', effect: t('partners_embed_prop_font_size'), colour: false },
      { name: '--gs-radius', value: '12px', effect: t('partners_embed_prop_radius'), colour: false },
      { name: '--gs-space', value: '1rem', effect: t('partners_embed_prop_space'), colour: false },
    ],

    parts: [
      { name: 'root', meaning: t('partners_embed_part_root') },
      { name: 'field', meaning: t('partners_embed_part_field') },
      { name: 'label', meaning: t('partners_embed_part_label') },
      { name: 'input', meaning: t('partners_embed_part_input') },
      { name: 'error', meaning: t('partners_embed_part_error') },
      { name: 'message', meaning: t('partners_embed_part_message') },
      { name: 'button', meaning: t('partners_embed_part_button') },
      { name: 'submit', meaning: t('partners_embed_part_submit') },
    ],
  };
}
