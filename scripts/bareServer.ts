/**
 * The floor for benchWeb.ts: a bare node:http server answering every request with the same bytes
 * and headers (BODY_FILE, HEADERS as JSON) on 127.0.0.1:PORT. Nothing else: no routing, no hooks.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.env.BODY_FILE!);
const headers = { ...(JSON.parse(process.env.HEADERS ?? '{}') as Record<string, string>), 'content-length': String(body.length) };
http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
