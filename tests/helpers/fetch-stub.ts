import { act } from 'preact/test-utils';
import type { RefusalCode } from '../../contract/refusals.ts';

/**
 * Stubs window.fetch for component tests (web-test-runner, Chromium): each call is recorded and
 * answered by the test's function with an API envelope. restore() puts the real fetch back.
 */
export interface RecordedCall {
  method: string;
  /** The path under /api, without the query string: "/v1/login". */
  path: string;
  /** The query string, including the fixed mode, domain and device parameters. */
  query: URLSearchParams;
  form: URLSearchParams;
  /** A multipart body (an upload), null for form-encoded and empty bodies. */
  formData: FormData | null;
  authorization: string | null;
  headers: Headers;
}

export interface Reply {
  status?: number;
  body: unknown;
}

export function stubFetch(answer: (call: RecordedCall) => Reply): { calls: RecordedCall[]; restore(): void } {
  const original = window.fetch;
  const calls: RecordedCall[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      form: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      formData: init?.body instanceof FormData ? init.body : null,
      authorization: headers.get('authorization'),
      headers,
    };
    calls.push(call);
    const reply = answer(call);
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return {
    calls,
    restore: () => {
      window.fetch = original;
    },
  };
}

/** The API envelope of a success. */
export function ok(detail: unknown, extra: Record<string, unknown> = {}): Reply {
  return { body: { status: 1, code: 1, message: 'success', detail, ...extra } };
}

/** The API envelope of a failure without a refusal code (a proxy's answer, or one from an older server). */
export function fail(status: number, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { status: 0, code: 0, message, detail: null, ...extra } };
}

/** The API envelope of a refusal as the server sends it: its code beside the contract's English message. */
export function refuse(status: number, errorCode: RefusalCode, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { status: 0, code: 0, message, detail: null, error_code: errorCode, ...extra } };
}

/**
 * Waits until the check passes (renders and requests are asynchronous), failing after five seconds (the first file of a
 * run loads its modules cold) with what the check last threw.
 */
export async function waitFor(check: () => boolean, what = 'the expected state'): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    // A check that throws (the button it looks for is labelled "Downloading…" for a moment) is not there yet.
    let failure: unknown;
    try {
      if (check()) return;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${failure instanceof Error ? `: ${failure.message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Types into a controlled input as a user would: the value changes, an input event fires, and the screen re-renders. */
export function typeInto(input: HTMLInputElement, value: string): void {
  act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
