/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import { typeInto } from '../../../../tests/helpers/fetch-stub.ts';
import { buttonNamed, errorOf, inputLabelled, mountScreen } from '../../../../tests/helpers/mount.tsx';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import { ContentForm } from './ContentForm.tsx';

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const page = {
  heading: '石墨烯潔淨光能',
  paragraphs: ['第一段', '第二段'],
  image: { src: '../../../images/shopping-1.svg', alt: '太陽能板' },
  carouselHint: '左右滑動',
};

describe('ContentForm (one page of the brand site)', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => unmount?.());

  function form(errors: Record<string, string[]> = {}, locale?: 'zht') {
    const changes: unknown[] = [];
    const screen = (
      <ContentForm
        value={page}
        onChange={(next) => changes.push(next)}
        errors={errors}
        others={[{ locale: 'eng', draft: { ...page, heading: 'Clean graphene solar power' } }]}
        onPicture={() => undefined}
        name="home"
      />
    );
    const mounted = locale === 'zht' ? mountScreen(screen, 'zht', zht) : mountScreen(screen);
    unmount = mounted.unmount;
    return { host: mounted.host, changes };
  }

  it('gives every text a field named by its place in words, never a schema path, with the other locales beside it', () => {
    const { host, changes } = form();
    expect(inputLabelled(host, eng.admin_site_field_heading).value).to.equal('石墨烯潔淨光能');
    expect(inputLabelled(host, `${eng.admin_site_field_paragraphs} › 2`).value).to.equal('第二段');
    expect(inputLabelled(host, `${eng.admin_site_field_image} › ${eng.admin_site_field_alt}`).value).to.equal('太陽能板');
    expect(inputLabelled(host, 'Carousel hint').value).to.equal('左右滑動');
    expect(host.textContent).to.contain('Clean graphene solar power');
    typeInto(inputLabelled(host, eng.admin_site_field_heading), '新標題');
    expect(changes.at(-1)).to.deep.equal({ ...page, heading: '新標題' });
  });

  it('names the fields in the operator’s language', () => {
    const { host } = form({}, 'zht');
    expect(inputLabelled(host, `${zht.admin_site_field_paragraphs} › 1`).value).to.equal('第一段');
  });

  it('adds a list item as a copy of the last, and removes one', () => {
    const { host, changes } = form();
    act(() => buttonNamed(host, fill(eng.admin_site_add, { field: eng.admin_site_field_paragraphs })).click());
    expect(changes.at(-1)).to.deep.equal({ ...page, paragraphs: ['第一段', '第二段', '第二段'] });
    act(() => buttonNamed(host, fill(eng.admin_site_remove, { field: `${eng.admin_site_field_paragraphs} › 1` })).click());
    expect(changes.at(-1)).to.deep.equal({ ...page, paragraphs: ['第二段'] });
  });

  it("shows the server's refusal beside the field it names", () => {
    const { host } = form({ heading: ['Too small: expected string to have >=1 characters'] });
    const heading = inputLabelled(host, eng.admin_site_field_heading);
    expect(heading.getAttribute('aria-invalid')).to.equal('true');
    expect(errorOf(heading)).to.contain('Too small');
  });
});
