import { Assertion, AssertionError, config } from 'chai';

/**
 * Loaded before every component test file (web-test-runner.config.mjs). A failed equality between
 * two DOM nodes used to hang the page instead of failing: the test runner sends a failure's actual
 * and expected values back whole, and a node's properties lead to the whole window. A node in a
 * failed assertion is sent as its tag, id and text instead; chai's message names both values in
 * full rather than cut at 40 characters.
 */
config.truncateThreshold = 0;

function described(value: unknown): unknown {
  if (!(value instanceof Node)) return value;
  if (!(value instanceof Element)) return value.nodeName;
  const id = value.id === '' ? '' : `#${value.id}`;
  return `<${value.tagName.toLowerCase()}${id}> ${(value.textContent ?? '').trim().slice(0, 80)}`;
}

const assert = Assertion.prototype.assert as (...args: unknown[]) => void;
Assertion.prototype.assert = function (this: unknown, ...args: unknown[]) {
  try {
    assert.apply(this, args);
  } catch (error) {
    if (error instanceof AssertionError) {
      const failure = error as { actual?: unknown; expected?: unknown };
      failure.actual = described(failure.actual);
      failure.expected = described(failure.expected);
    }
    throw error;
  }
};
