/**
 * The anchor of the fixed-cost figures (issue 39): Fastify itself, the project's own copy, with one
 * route answering the same JSON as the product's GET /api/health, no logger. Run by bare-fastify.ts
 * in a process of its own, on the port it is given. With HEADERS (a JSON object) it also sets those
 * headers on every answer from one callback hook, which is what the product's headers alone cost.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const headers = process.env.HEADERS === undefined ? undefined : (JSON.parse(process.env.HEADERS) as Record<string, string>);
if (headers !== undefined)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
app.get('/api/health', async () => ({ status: 1, code: 1, message: 'ok', detail: null }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\n');
