import Fastify from 'fastify';

// The framework's floor: Fastify with no plugins, hooks or schemas, answering one fixed JSON body.
const body = process.env.BARE_BODY ?? '{}';
const app = Fastify({ logger: false });
const answer = async (_request: unknown, reply: { type(value: string): { send(payload: string): unknown } }) =>
  reply.type('application/json; charset=utf-8').send(body);
app.get('/', answer);
app.post('/', answer);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
