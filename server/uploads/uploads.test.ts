import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, registerMember, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { blackPng, jpegClaiming, multipart, photo, pngClaiming } from '../../tests/helpers/uploads.ts';
import { decodeSecondsMax, largeDecodesWaitingMax } from './image-decode.ts';
import { damagedImageMessage, emptyImageMessage, hugeImageMessage, oversizeImageMessage, unsupportedImageMessage } from './image-check.ts';

/** The tall PNG of the report, 1 × 24,000,000 px in about 46 KB: made once, it takes a moment to compress. */
let tall: Buffer | undefined;
const tallPng = () => (tall ??= blackPng(1, 24_000_000));

describe.each(databaseKinds())('POST v1/image/upload and GET v1/image/{id} on %s', (kind) => {
  let testApp: TestApp;
  let owner: Member;
  let other: Member;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { UPLOAD_DIR: fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'gs-uploads-')) });
    owner = await registerMember(testApp.app);
    other = await registerMember(testApp.app);
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(testApp.config.uploadDir, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer, options: { token?: string; filename?: string; contentType?: string; field?: string } = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/image/upload',
      headers: {
        'content-type': multipart(bytes).contentType,
        ...(options.token === '' ? {} : { authorization: `Bearer ${options.token ?? owner.token}` }),
      },
      payload: multipart(bytes, options.filename, options.contentType, options.field).payload,
    });
  const fetchImage = (imagePath: string, token: string) =>
    testApp.app.inject({ method: 'GET', url: imagePath, headers: { authorization: `Bearer ${token}` } });
  /** Photos stored, in the database (decision 057). */
  const storedCount = async () =>
    Number(
      (
        await testApp.database.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(['png', 'jpeg'] as const)('stores a real %s privately and serves it to its owner with its type', async (format) => {
    const detail = expectSuccess(await upload(await photo(format)), 201) as { id: number; image_path: string };
    expect(detail.image_path).toBe(`/api/v1/image/${detail.id}`);
    const served = await fetchImage(detail.image_path, owner.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(`image/${format}`);
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="image-\d+\.(png|jpg)"$/);
    expect(served.headers['cache-control']).toContain('private');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(32);
    // Kept in the database, so any process serves it; nothing is written to the upload folder.
    expect(fs.readdirSync(testApp.config.uploadDir)).toEqual([]);
  });

  it('serves a photo stored in the upload folder before photos moved into the database', async () => {
    const legacy = await photo('png');
    const storedName = `${'ab'.repeat(16)}.png`;
    fs.writeFileSync(path.join(testApp.config.uploadDir, storedName), legacy, { mode: 0o600 });
    const row = await testApp.database.db
      .insertInto('uploads')
      .values({ user_id: owner.id, content_type: 'image/png', bytes: legacy.length, width: 32, height: 32, stored_name: storedName })
      .returning('id')
      .executeTakeFirstOrThrow();
    const served = await fetchImage(`/api/v1/image/${row.id}`, owner.token);
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, legacy)).toBe(0);
    fs.rmSync(path.join(testApp.config.uploadDir, storedName));
  });

  it('removes EXIF, including GPS, and applies the recorded orientation', async () => {
    const tagged = await sharp(await photo('jpeg', 40, 20))
      .withExif({ IFD0: { Artist: 'secret-author', Copyright: 'secret-copyright' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const detail = expectSuccess(await upload(tagged), 201) as { image_path: string };
    const served = (await fetchImage(detail.image_path, owner.token)).rawPayload;
    const metadata = await sharp(served).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(served.includes(Buffer.from('secret-author'))).toBe(false);
  });

  it('a polyglot loses whatever was appended to the picture', async () => {
    const payload = Buffer.from('<script>alert(document.cookie)</script>PK\u0003\u0004');
    const detail = expectSuccess(
      await upload(Buffer.concat([await photo('png'), payload]), { filename: 'x.png', contentType: 'image/png' }),
      201,
    ) as {
      image_path: string;
    };
    const served = (await fetchImage(detail.image_path, owner.token)).rawPayload;
    expect(served.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('judges by content: a renamed executable or text file is 415 and nothing is stored', async () => {
    const before = await storedCount();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]);
    expect(expectFailure(await upload(elf, { filename: 'photo.png', contentType: 'image/png' }), 415).message).toBe(
      unsupportedImageMessage,
    );
    expect(expectFailure(await upload(Buffer.from('just text'), { filename: 'a.jpg' }), 415).message).toBe(unsupportedImageMessage);
    expect(await storedCount()).toBe(before);
  });

  it('refuses empty (422), truncated (422), oversize (413) and bomb (422) images', async () => {
    const before = await storedCount();
    expect(expectFailure(await upload(Buffer.alloc(0)), 422).message).toBe(emptyImageMessage);
    const jpeg = await photo('jpeg', 400, 300);
    expect(expectFailure(await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2))), 422).message).toBe(damagedImageMessage);
    const oversize = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2048 * 1024)]);
    expect(expectFailure(await upload(oversize), 413).message).toBe(oversizeImageMessage);
    expect(expectFailure(await upload(pngClaiming(60_000, 60_000), { contentType: 'image/png' }), 422).message).toBe(hugeImageMessage);
    expect(await storedCount()).toBe(before);
  });

  /** The upload's answer and how long it took, in milliseconds. */
  const timed = async (bytes: Buffer, token = owner.token) => {
    const started = performance.now();
    const response = await upload(bytes, { token, contentType: 'image/png' });
    return { response, ms: performance.now() - started };
  };

  it('refuses a small tall PNG (1 × 24,000,000 px, under the pixel limit) within 1 s', async () => {
    expect(tallPng().length).toBeLessThan(64 * 1024);
    const { response, ms } = await timed(tallPng());
    console.info(`1 × 24,000,000 png (${Math.round(tallPng().length / 1024)} KB) refused in ${Math.round(ms)} ms`);
    expect(expectFailure(response, 422)).toMatchObject({ error_code: 'image_too_many_pixels', message: hugeImageMessage });
    expect(ms).toBeLessThan(1000);
  });

  it('refuses decompression bombs within 1 s: claimed 20,000 × 20,000 px (png and jpeg), and real ones with long or many rows', async () => {
    const bombs = [
      pngClaiming(20_000, 20_000),
      jpegClaiming(await photo('jpeg'), 20_000, 20_000),
      blackPng(3, 8_000_000),
      blackPng(8_001, 1),
    ];
    for (const bomb of bombs) {
      const { response, ms } = await timed(bomb);
      console.info(`bomb of ${bomb.length} bytes refused in ${Math.round(ms)} ms`);
      expect(expectFailure(response, 422).error_code).toBe('image_too_many_pixels');
      expect(ms).toBeLessThan(1000);
    }
  });

  it("another member's small photo is not held up by large or hostile pictures being read", async () => {
    // Pictures at the limits (8,000 × 3,000 px, a few KB each) take the decoder most of a second apiece.
    const large = [1, 2, 3].map(() => upload(blackPng(8_000, 3_000), { contentType: 'image/png' }));
    const hostile = [1, 2, 3, 4].map(() => upload(tallPng(), { contentType: 'image/png' }));
    let largeDone = 0;
    const counted = large.map((answer) => answer.then((response) => ((largeDone += 1), response)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const small = await timed(await photo('jpeg', 1, 1), other.token);
    console.info(`1 × 1 jpeg beside 3 large and 4 hostile uploads: ${Math.round(small.ms)} ms`);
    expectSuccess(small.response, 201);
    expect(largeDone).toBeLessThan(large.length);
    expect(small.ms).toBeLessThan(1000);
    for (const response of await Promise.all(counted)) expectSuccess(response, 201);
    for (const response of await Promise.all(hostile)) expectFailure(response, 422);
  });

  it('answers 429 at once, and stores nothing, when too many large pictures wait to be read', async () => {
    const before = await storedCount();
    const answers = await Promise.all(
      Array.from({ length: 2 + largeDecodesWaitingMax }, () => upload(blackPng(8_000, 3_000), { contentType: 'image/png' })),
    );
    const busy = answers.filter((response) => response.statusCode === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(expectFailure(busy[0]!, 429).error_code).toBe('rate_limited');
    expect(busy[0]!.headers['retry-after']).toBe(String(decodeSecondsMax));
    expect(await storedCount()).toBe(before + answers.length - busy.length);
  });

  it('needs a member, the field "image" and multipart', async () => {
    expectFailure(await upload(await photo('png'), { token: '' }), 401);
    expectFailure(await upload(await photo('png'), { field: 'file' }), 422);
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/image/upload',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '{"image":"x"}',
    });
    expectFailure(json, 422);
  });

  it('serves a photo to its owner and to operators only', async () => {
    const detail = expectSuccess(await upload(await photo('png')), 201) as { image_path: string };
    expectFailure(await fetchImage(detail.image_path, other.token), 403);
    expectFailure(await testApp.app.inject({ method: 'GET', url: detail.image_path }), 401);
    const operator = await operatorToken(testApp.app, testApp.database.db);
    expect((await fetchImage(detail.image_path, operator)).statusCode).toBe(200);
    expectFailure(await fetchImage('/api/v1/image/999999', owner.token), 404);
  });
});
