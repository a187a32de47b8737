import { copyDataDirTemplate } from './data-dir-template.ts';
import { spawn } from 'node:child_process';
import sharp from 'sharp';

/**
 * The API of a running product as any client sees it (fetch, JSON, bearer tokens): what the
 * end-to-end journeys use for the steps another person takes, such as an operator's decision.
 */
export class ProductApi {
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async call<T = unknown>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/${path}`, {
      method,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as { status: number; detail: T; message: string };
    if (!response.ok || envelope.status !== 1) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
    return envelope.detail;
  }

  async uploadPhoto(token: string): Promise<number> {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 160, b: 40 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(`${this.baseUrl}/api/v1/image/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const envelope = (await response.json()) as { detail: { id: number } };
    if (response.status !== 201) throw new Error(`upload: ${response.status}`);
    return envelope.detail.id;
  }

  async login(username: string, password: string): Promise<{ token: string; id: number }> {
    const detail = await this.call<{ token: string; user: { id: number } }>('POST', 'v1/login', undefined, { username, password });
    return { token: detail.token, id: detail.user.id };
  }

  /** A member registered with the house code; logged in. */
  async registeredMember(username: string, password: string): Promise<{ token: string; id: number }> {
    await this.call('POST', 'v1/register', undefined, { username, password, password_confirmation: password, parent_code: 'SOLAR1' });
    return this.login(username, password);
  }

  /** A member registered with the house code, identity approved by the operator under `realname`; logged in. */
  async verifiedMember(operator: string, username: string, password: string, realname = 'Lin Mei'): Promise<{ token: string; id: number }> {
    const member = await this.registeredMember(username, password);
    const photo = () => this.uploadPhoto(member.token);
    await this.call('PUT', `v1/user/${member.id}`, member.token, {
      name: username,
      realname,
      email: `${username}@example.com`,
      phone: '+886 912 345 678',
      countries_id: 1,
      certificates_id: 1,
      certificate_number: 'A123456789',
      certificate_front: await photo(),
      certificate_back: await photo(),
      certificate_handle: await photo(),
    });
    await this.call('POST', `admin/v1/verifications/${member.id}/approve`, operator);
    return member;
  }

  /** An order of `amount` points hosted in `roomId`, its payment notified (digits 12345 and a photo): waiting for confirmation. */
  async notifiedOrder(member: { token: string }, roomId: number, amount: number) {
    const order = await this.call<{ id: number; order_number: string }>('POST', 'v1/order', member.token, {
      item_content: [{ product_id: 1, count: 1 }],
      delivery_method_id: 1,
      engine_room_id: roomId,
      payment_method_id: 1,
      amount,
    });
    await this.call('POST', 'v1/orderNotice', member.token, {
      order_id: order.id,
      account_back_five: '12345',
      image: await this.uploadPhoto(member.token),
    });
    return order;
  }

  /** An order of `amount` points in `roomId`, its payment notified and confirmed by the operator. */
  async paidOrder(operator: string, member: { token: string }, roomId: number, amount: number, realname = 'Lin Mei') {
    const order = await this.notifiedOrder(member, roomId, amount);
    await this.call('POST', `admin/v1/orders/${order.id}/confirm`, operator, { payer_name: realname, bank_reference: `REMIT-${order.id}` });
    return order;
  }

  /** An operator records a room's revenue for a business day and shares that day out to the orders paid in the room. */
  async shareOutRevenue(operator: string, roomId: number, businessDate: string, kwh: string, revenue: string, evidence = 'meter') {
    await this.call('POST', `admin/v1/engine-rooms/${roomId}/revenue`, operator, { business_date: businessDate, kwh, revenue, evidence });
    await this.call('POST', 'admin/v1/income/distribute', operator, { business_date: businessDate });
  }

  async operatorLogin(username: string, password: string): Promise<string> {
    return (await this.call<{ token: string }>('POST', 'admin/v1/login', undefined, { username, password })).token;
  }

  /** An operator's one-line edit of the brand site: the heading of one page in one language, saved as a draft. */
  async editHeading(operator: string, page: string, locale: string, heading: string): Promise<void> {
    const section = `admin/v1/site/sections/${page}/${locale}`;
    const { draft } = await this.call<{ draft: Record<string, unknown> }>('GET', section, operator);
    await this.call('PUT', section, operator, { content: { ...draft, heading } });
  }

  /**
   * Presses Publish and waits for the build to end (or `limitMs` to pass): the build as it was last read.
   * `whileRunning` runs at each look (a benchmark samples the server's memory there).
   */
  async publishSite(operator: string, limitMs: number, whileRunning: () => Promise<void> = () => Promise.resolve()): Promise<SiteBuild> {
    const started = Date.now();
    let build = await this.call<SiteBuild>('POST', 'admin/v1/site/publish', operator, {});
    while (build.status === 'running' && Date.now() - started < limitMs) {
      await new Promise((resolve) => setTimeout(resolve, sitePollMs));
      await whileRunning();
      build = await this.call<SiteBuild>('GET', `admin/v1/site/builds/${build.id}`, operator);
    }
    return build;
  }
}

/** How often a waiting publish is looked at. */
const sitePollMs = 100;

/** A preview or publish of the brand site, as `GET admin/v1/site/builds/{id}` answers it. */
export interface SiteBuild {
  id: number;
  status: string;
  duration_ms: number | null;
  error: string | null;
}

/** A small real jpeg, as a phone's camera would give (smaller). */
export function samplePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 160, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/**
 * Runs `npm run admin -- <args>` against a data folder (the product must not be running on it). An empty folder on the
 * embedded database starts as a copy of the run's migrated template, as `startProduct` does, unless `fromEmptyFolder`:
 * a first start of the embedded database (initdb and every migration) costs seconds of CPU, and a test of the
 * command itself needs it only once.
 */
export async function runAdmin(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
  { cwd, fromEmptyFolder = false }: { cwd?: string; fromEmptyFolder?: boolean } = {},
): Promise<string> {
  if (!fromEmptyFolder && !env.DATABASE_URL) await copyDataDirTemplate(dataDir);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['server/cli/admin.ts', ...args], {
      ...(cwd === undefined ? {} : { cwd }),
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`admin ${args.join(' ')} exited ${code}: ${output}`))));
  });
}
