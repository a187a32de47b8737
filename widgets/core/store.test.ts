import { atom, onMount, STORE_UNMOUNT_DELAY } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * What the screens rely on of nanostores' atom, which every shared store is (the session, the locale,
 * the balance, the counters): the order its listeners run in, and when a store's start and stop run.
 */

afterEach(() => {
  vi.useRealTimers();
});

describe('atom', () => {
  it('tells its listeners of a change, once per different value, with the value as it is', () => {
    const $count = atom(0);
    const heard: number[] = [];
    const stop = $count.listen((value) => heard.push(value));
    $count.set(1);
    $count.set(1);
    $count.set(2);
    stop();
    $count.set(3);
    expect(heard).toEqual([1, 2]);
    expect($count.get()).toBe(3);
  });

  it('calls a subscriber at once with the current value', () => {
    const $name = atom('a');
    const heard: string[] = [];
    $name.subscribe((value) => heard.push(value))();
    expect(heard).toEqual(['a']);
  });

  it('lets every listener of one change run before those of a change a listener made', () => {
    const $first = atom(0);
    const $second = atom(0);
    const order: string[] = [];
    $first.listen((value) => {
      order.push(`first A ${value}`);
      $second.set(value * 10);
    });
    $first.listen((value) => order.push(`first B ${value}`));
    $second.listen((value) => order.push(`second ${value}`));
    $first.set(1);
    expect(order).toEqual(['first A 1', 'first B 1', 'second 10']);
  });

  it('gives each listener the value as it is when it runs, after a change made by a listener before it', () => {
    const $step = atom(0);
    const heard: number[] = [];
    $step.listen((value) => {
      if (value === 1) $step.set(2);
    });
    $step.listen((value) => heard.push(value));
    $step.set(1);
    expect(heard).toEqual([2, 2]);
  });

  it('skips a listener stopped while its call was waiting, and still calls the others after one throws', () => {
    const $value = atom(0);
    const heard: string[] = [];
    let stopLate = () => {};
    $value.listen(() => {
      heard.push('early');
      stopLate();
      throw new Error('listener failed');
    });
    stopLate = $value.listen(() => heard.push('late'));
    $value.listen(() => heard.push('last'));
    expect(() => $value.set(1)).toThrow('listener failed');
    expect(heard).toEqual(['early', 'last']);
  });

  it('starts onMount with its first listener and stops it a moment after its last', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const $polled = atom(0);
    onMount($polled, () => {
      events.push('start');
      return () => events.push('stop');
    });
    const stopOne = $polled.listen(() => {});
    const stopTwo = $polled.listen(() => {});
    stopOne();
    stopTwo();
    expect(events).toEqual(['start']);
    // Listened to again within the delay (a re-render): it keeps running.
    const stopAgain = $polled.listen(() => {});
    vi.advanceTimersByTime(STORE_UNMOUNT_DELAY);
    expect(events).toEqual(['start']);
    stopAgain();
    vi.advanceTimersByTime(STORE_UNMOUNT_DELAY);
    expect(events).toEqual(['start', 'stop']);
  });

  it('mounts for the moment when read while nobody listens, so the value is current', () => {
    vi.useFakeTimers();
    let starts = 0;
    const $balance = atom<number | null>(null);
    onMount($balance, () => {
      starts += 1;
      $balance.set(42);
    });
    expect($balance.get()).toBe(42);
    expect($balance.get()).toBe(42);
    expect(starts).toBe(1);
  });
});
