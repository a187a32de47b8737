/// <reference types="mocha" />
import { expect } from 'chai';
import { ok, stubFetch, waitFor } from '../../../tests/helpers/fetch-stub.ts';
import { mountScreen } from '../../../tests/helpers/mount.tsx';
import { $operatorToken } from './operator-session.ts';
import { PrivateImage } from './PrivateImage.tsx';

describe('PrivateImage (a member’s photo in the back office)', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('fetches the photo with the operator’s token and shows it captioned, linked to its full size', async () => {
    $operatorToken.set('operator-token');
    const stub = stubFetch(() => ok(null));
    restore = stub.restore;
    const page = mountScreen(<PrivateImage path="/api/admin/v1/uploads/7" alt="Front of the certificate" />);
    await waitFor(() => page.host.querySelector('img') !== null, 'the photo');
    expect(stub.calls[0]?.authorization).to.equal('Bearer operator-token');
    const image = page.host.querySelector('img');
    expect(image?.alt).to.equal('Front of the certificate');
    expect(image?.closest('a')?.href).to.match(/^blob:/);
    expect(page.host.querySelector('figcaption')?.textContent).to.equal('Front of the certificate');
    page.unmount();
  });

  it('says the photo is missing when it cannot be fetched', async () => {
    $operatorToken.set('operator-token');
    const stub = stubFetch(() => ({ status: 404, body: { message: 'not found' } }));
    restore = stub.restore;
    const page = mountScreen(<PrivateImage path="/api/admin/v1/uploads/8" alt="Back of the certificate" />);
    await waitFor(() => page.host.textContent === 'Back of the certificate —', 'the missing photo');
    expect(page.host.querySelector('img')).to.equal(null);
    page.unmount();
  });
});
