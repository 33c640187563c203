import { createServer } from 'node:http';

// The baseline: plain node:http answering one fixed JSON body, nothing else.
const body = process.env.BARE_BODY ?? '{}';
const port = Number(process.env.PORT ?? 0);
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
