/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import { typeInto } from '../../tests/helpers/fetch-stub.ts';
import { buttonNamed, errorOf, inputLabelled, mountScreen } from '../../tests/helpers/mount.tsx';
import { ContentForm } from './ContentForm.tsx';

const page = {
  heading: '石墨烯潔淨光能',
  paragraphs: ['第一段', '第二段'],
  image: { src: '../images/shopping-1.svg', alt: '太陽能板' },
};

describe('ContentForm (one page of the brand site)', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => unmount?.());

  function form(errors: Record<string, string[]> = {}) {
    const changes: unknown[] = [];
    const mounted = mountScreen(
      <ContentForm
        value={page}
        onChange={(next) => changes.push(next)}
        errors={errors}
        others={[{ locale: 'eng', draft: { ...page, heading: 'Clean graphene solar power' } }]}
        onPicture={() => undefined}
        name="home"
      />,
    );
    unmount = mounted.unmount;
    return { host: mounted.host, changes };
  }

  it('gives every text a field named by its path, with the other locales beside it', () => {
    const { host, changes } = form();
    expect(inputLabelled(host, 'heading').value).to.equal('石墨烯潔淨光能');
    expect(inputLabelled(host, 'paragraphs.1').value).to.equal('第二段');
    expect(host.textContent).to.contain('Clean graphene solar power');
    typeInto(inputLabelled(host, 'heading'), '新標題');
    expect(changes.at(-1)).to.deep.equal({ ...page, heading: '新標題' });
  });

  it('adds a list item as a copy of the last, and removes one', () => {
    const { host, changes } = form();
    act(() => buttonNamed(host, 'Add to paragraphs').click());
    expect(changes.at(-1)).to.deep.equal({ ...page, paragraphs: ['第一段', '第二段', '第二段'] });
    act(() => buttonNamed(host, 'Remove paragraphs.0').click());
    expect(changes.at(-1)).to.deep.equal({ ...page, paragraphs: ['第二段'] });
  });

  it("shows the server's refusal beside the field it names", () => {
    const { host } = form({ heading: ['Too small: expected string to have >=1 characters'] });
    const heading = inputLabelled(host, 'heading');
    expect(heading.getAttribute('aria-invalid')).to.equal('true');
    expect(errorOf(heading)).to.contain('Too small');
  });
});
