import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../locales/eng.json';
import { buttonNamed, mountScreen } from '../../../tests/helpers/mount.tsx';
import { AskFirst } from './AskFirst.tsx';

const question = 'Pay out 500.0000 points to Lin Mei?';

function mount(ask: string | null) {
  let done = 0;
  const page = mountScreen(<AskFirst label="Pay" question={ask} onGo={() => (done += 1)} />);
  return { page, done: () => done };
}

describe('AskFirst: a money action in two steps', () => {
  it('asks its question first, with focus on the button that carries it out, and acts only on that button', () => {
    const { page, done } = mount(question);
    act(() => buttonNamed(page.host, 'Pay').click());
    const group = page.host.querySelector<HTMLElement>('[role="group"]');
    expect(group?.textContent).to.contain(question);
    expect(
      document.getElementById(group?.getAttribute('aria-labelledby') ?? '')?.textContent,
      'the group is named by its question',
    ).to.equal(question);
    expect(done(), 'nothing done on the first press').to.equal(0);
    const go = buttonNamed(group as HTMLElement, 'Pay');
    expect(page.host.ownerDocument.activeElement === go || go.matches(':focus'), 'focus on the answer').to.equal(true);
    act(() => go.click());
    expect(done()).to.equal(1);
    expect(page.host.querySelector('[role="group"]'), 'the question closes').to.equal(null);
    page.unmount();
  });

  it('Cancel and Escape leave everything as it was', () => {
    const { page, done } = mount(question);
    act(() => buttonNamed(page.host, 'Pay').click());
    act(() => buttonNamed(page.host, eng.admin_ask_cancel).click());
    expect(page.host.querySelector('[role="group"]')).to.equal(null);
    act(() => buttonNamed(page.host, 'Pay').click());
    act(() => {
      page.host.querySelector('[role="group"] button')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(page.host.querySelector('[role="group"]')).to.equal(null);
    expect(done()).to.equal(0);
    page.unmount();
  });

  it('acts at once while there is nothing to ask yet (the action then says what is missing)', () => {
    const { page, done } = mount(null);
    act(() => buttonNamed(page.host, 'Pay').click());
    expect(page.host.querySelector('[role="group"]')).to.equal(null);
    expect(done()).to.equal(1);
    page.unmount();
  });
});
