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
    ['PUT', '/v1/user/7'],
    ['GET', '/v1/bankcard'],
    ['POST', '/v1/withdraw'],
    ['GET', '/v1/statement.csv'],
  ])('lets %s %s through (a widget on the page calls it; decision 054 says which must still move)', (method, path) => {
    expect(isFrameOnly(method, path)).toBe(false);
  });
});
