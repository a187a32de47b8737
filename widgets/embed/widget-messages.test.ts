import { describe, expect, it } from 'vitest';
import { screenElements } from '../screens/registry.ts';
import { frameScreenModules } from './frame-screen-modules.ts';
import { frameTitleKeys } from './frame-titles.ts';
import { catalogueKeys } from './widget-messages.ts';

/** The catalogues the build writes, worked out from the screens' code (decision 067). */
const catalogues = catalogueKeys();

describe("each partner widget's catalogue", () => {
  it('is written for every element and every framed screen', () => {
    const frames = Object.keys(frameScreenModules).map((screen) => `frame-${screen}`);
    expect(Object.keys(catalogues).sort()).toEqual([...Object.keys(screenElements), ...frames].sort());
  });

  it('holds the words its screen asks for by name, through a variable, and by a refusal it words, with the runtime’s', () => {
    const cart = catalogues['gs-cart'] ?? [];
    expect(cart).toEqual(
      expect.arrayContaining(['cart_delivery_method', 'refusal_product_sold_out', 'embed_unreachable', 'session_expired_short']),
    );
    expect(catalogues['gs-notifications']).toContain('notice_payment_confirmed');
  });

  it('leaves out the login overlay, which a partner page never shows, and the words of a dead network where no screen says them', () => {
    expect(catalogues['gs-wallet']).toContain('login_prompt_body');
    expect(catalogues['gs-wallet']).not.toContain('login_prompt_title');
    expect(catalogues['gs-cart']).not.toContain('error_network');
    expect(catalogues['frame-login']).toContain('error_network');
  });

  it('gives an element holding a frame its frame’s title, and the frame its own title only', () => {
    expect(catalogues['gs-withdraw']).toContain(frameTitleKeys.withdraw);
    expect(catalogues['gs-withdraw']).not.toContain('wallet_withdraw_submit');
    expect(catalogues['frame-withdraw']).toEqual(
      expect.arrayContaining([frameTitleKeys.withdraw, 'wallet_withdraw_submit', 'embed_signed_in']),
    );
    expect(catalogues['frame-withdraw']).not.toContain(frameTitleKeys.verify);
    // The refusals the withdrawal words in the member's language (withdraw.ts lists them), not the server's English.
    expect(catalogues['frame-withdraw']).toEqual(expect.arrayContaining(['refusal_cardholder_mismatch', 'refusal_account_suspended']));
  });
});
