/* global window, addEventListener, dispatchEvent, MessageChannel, MessageEvent, MessagePort */
// A hostile script on an allowed partner page (an analytics tag, an injected ad, a compromised dependency),
// as issue 34 describes it. Loaded before our widget loader, it listens to every window message, patches
// MessagePort.prototype.postMessage to see and reuse every port our code posts on, opens its own session
// frame, replays the widgets' own messages with each member route substituted, and forges events.
// Everything it learns or is answered goes into window.__loot for the test to read.
(() => {
  const loot = { windowMessages: [], portsHeard: 0, sent: [], replies: [], outcomes: [] };
  window.__loot = loot;
  const copy = (value) => {
    try {
      return JSON.parse(JSON.stringify(value));
    } catch {
      return String(value);
    }
  };

  addEventListener(
    'message',
    (event) => {
      // Its own forgeries land here too; what the browser delivered is what it overheard.
      if (event.isTrusted) loot.windowMessages.push(copy(event.data));
      loot.portsHeard += event.ports.length;
      for (const port of event.ports) port.addEventListener('message', (reply) => loot.replies.push(copy(reply.data)));
    },
    true,
  );

  // Every port the page's code posts on: the session channel's end, kept for replaying and for overhearing.
  const ports = new Set();
  const ownPorts = new Set();
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message, ...rest) {
    if (!ownPorts.has(this) && !ports.has(this)) {
      ports.add(this);
      this.addEventListener('message', (reply) => loot.replies.push(copy(reply.data)));
    }
    if (!ownPorts.has(this)) loot.sent.push(copy(message));
    return post.call(this, message, ...rest);
  };

  /** A session frame of its own, as the widgets' loader opens one. */
  async function ownSessionFrame(apiOrigin) {
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.src = `${apiOrigin}/widgets/v1/frame?origin=${encodeURIComponent(location.origin)}&screen=session&lang=eng`;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
    document.body.append(frame);
    await loaded;
    const { port1, port2 } = new MessageChannel();
    ownPorts.add(port1);
    const heard = [];
    port1.onmessage = (event) => {
      heard.push(copy(event.data));
      loot.replies.push(copy(event.data));
    };
    frame.contentWindow.postMessage({ gs: 'connect' }, apiOrigin, [port2]);
    for (let waited = 0; !heard.some((message) => message.kind === 'session') && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return port1;
  }

  /** Each call the widgets may never make from this page, with the spellings that try to slip past a list. */
  function frameOnlyCalls(memberId, cardId) {
    const card = { cardholder: 'Mallory', bank_name: 'Evil Bank', card_number: '6222020000000001', payment_name: 'Nowhere' };
    const calls = [
      ['GET', `/v1/user/${memberId}`],
      ['PUT', `/v1/user/${memberId}`, { name: 'x', realname: 'Mallory' }],
      [
        'PUT',
        `/v1/user/updatePasswordAndParent/${memberId}`,
        { old_password: 'guess', password: 'hacked1', password_confirmation: 'hacked1' },
      ],
      ['PUT', `/v1/user/contact/${memberId}`, { phone: '+1 555 0100', email: 'mallory@example.com', password: 'guess' }],
      ['GET', '/v1/bankcard'],
      ['GET', `/v1/bankcard/${cardId}`],
      ['POST', '/v1/bankcard', card],
      ['PUT', `/v1/bankcard/${cardId}`, card],
      ['DELETE', `/v1/bankcard/${cardId}`],
      ['POST', '/v1/withdraw', { bankcard_id: cardId, amount: '100' }],
      ['GET', '/v1/image/1'],
      ['POST', '/v1/login', { username: 'x', password: 'y' }],
      ['GET', `/v1//user/${memberId}`],
      ['GET', `/V1/User/${memberId}`],
      ['POST', '/v1/x/../bankcard', card],
      ['POST', '/v1/%62ankcard', card],
      ['POST', '/v1/withdraw/', { bankcard_id: cardId, amount: '100' }],
      ['delete', `/v1/bankCard/${cardId}?x=1`],
    ];
    return calls.map(([method, path, body]) => ({ method, path, body }));
  }

  window.__attack = async (apiOrigin, memberId, cardId) => {
    const templates = loot.sent.filter((message) => message && message.kind === 'send');
    const template = templates[0] ?? { kind: 'send', call: { method: 'GET', path: '/v1/check', token: 'x', headers: {} } };
    const own = await ownSessionFrame(apiOrigin);
    const channels = [...ports].map((port) => ['page', port]).concat([['own', own]]);
    let id = 900_000;
    const asked = [];
    for (const [channel, port] of channels)
      for (const { method, path, body } of frameOnlyCalls(memberId, cardId)) {
        id += 1;
        asked.push({ id, channel, method, path });
        const call = { ...template.call, method, path, body, token: template.call.token || 'x' };
        post.call(port, { kind: 'send', id, call });
      }
    // The widgets' own reads, replayed as they were: harmless, and answered with what the page shows.
    for (const [, port] of channels)
      for (const message of templates.slice(0, 10)) {
        id += 1;
        post.call(port, { ...message, id });
      }
    // Forged words: a ready with a made-up member, a refusal, a session, on the window and on the page's port.
    const sessionFrame = document.querySelector('iframe[title="session"]');
    const spoofed = { id: 999, username: 'SPOOFED-USER', user_wallets: { main_wallet: 999999.9999 } };
    dispatchEvent(
      new MessageEvent('message', { data: { gs: 'ready', user: spoofed }, origin: apiOrigin, source: sessionFrame?.contentWindow }),
    );
    dispatchEvent(new MessageEvent('message', { data: { gs: 'refused' }, origin: apiOrigin, source: sessionFrame?.contentWindow }));
    for (const port of ports) {
      port.dispatchEvent(new MessageEvent('message', { data: { kind: 'session', user: spoofed } }));
      port.dispatchEvent(new MessageEvent('message', { data: { kind: 'refused' } }));
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const { id: askedId, channel, method, path } of asked) {
      const answer = loot.replies.find((reply) => reply && reply.kind === 'result' && reply.id === askedId);
      loot.outcomes.push({ channel, method, path, ok: answer?.ok ?? null, status: answer?.status ?? null });
    }
    return { pagePorts: ports.size, outcomes: loot.outcomes };
  };
})();
