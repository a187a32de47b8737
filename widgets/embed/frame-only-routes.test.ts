import { describe, expect, it } from 'vitest';
import { isFrameOnly } from './frame-only-routes.ts';

describe('the member routes the partner page may not call through the session frame', () => {
  it.each([
    ['POST', '/v1/login'],
    ['POST', '/v1/register'],
    ['POST', '/v1/password/reset'],
    ['PUT', '/v1/user/updatePasswordAndParent/7'],
    ['GET', '/v1/user/7'],
    ['GET', '/v1/image/3'],
    ['PUT', '/v1/user/7'],
    ['PUT', '/v1/user/contact/7'],
    ['GET', '/v1/bankcard'],
    ['GET', '/v1/bankcard/4'],
    ['POST', '/v1/bankcard'],
    ['PUT', '/v1/bankcard/4'],
    ['DELETE', '/v1/bankcard/4'],
    ['POST', '/v1/withdraw'],
  ])('refuses %s %s', (method, path) => {
    expect(isFrameOnly(method, path)).toBe(true);
  });

  it.each([
    ['POST', '/v1//login'],
    ['POST', '/v1/login/'],
    ['POST', '/V1/Login'],
    ['post', '/v1/login'],
    ['POST', '/v1/x/../login'],
    ['POST', '/v1/%6Cogin'],
    ['POST', '/v1\\login'],
    ['GET', '/../v1/user/7'],
    ['GET', '/v1/image/3?size=1'],
    ['PUT', '/v1/user/updatepasswordandparent/7'],
    ['POST', '/v1/Withdraw/'],
    ['GET', '/v1/bankcard?page=1'],
    ['delete', '/v1//bankCard/4'],
  ])('refuses %s %s however it is spelt', (method, path) => {
    expect(isFrameOnly(method, path)).toBe(true);
  });

  it.each([
    ['GET', '/v1/check'],
    ['GET', '/v1/userWallet'],
    ['GET', '/v1/interest?page=2'],
    ['POST', '/v1/logout'],
    ['POST', '/v1/order'],
    ['PUT', '/v1/order/12'],
    ['POST', '/v1/orderNotice'],
    ['POST', '/v1/image/upload'],
    ['GET', '/v1/withdraw'],
    ['GET', '/v1/statement.csv'],
    ['POST', '/v1/enjoycity/2/deposit'],
  ])("lets %s %s through (harmless in any script's hands, decision 054)", (method, path) => {
    expect(isFrameOnly(method, path)).toBe(false);
  });
});
