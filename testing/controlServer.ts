import { createServer, type Server } from 'node:http';

/** What a control route answers: a status and a JSON body. */
export type ControlAnswer = { status: number; body: unknown };

/**
 * A stand-in's small HTTP control for the end-to-end tests, on 127.0.0.1:`port`: GET /health answers 200 once it
 * listens; any other request goes to `route` with its "METHOD /path" and query, and is answered as JSON (404 "Unknown
 * control request." when `route` gives nothing; a route that throws answers 404 with its message).
 */
export async function startControlServer(port: number, route: (route: string, query: URLSearchParams) => ControlAnswer | undefined): Promise<Server> {
  const control = createServer((request, response) => {
    const answer = ({ status, body }: ControlAnswer) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const name = `${request.method} ${url.pathname}`;
    if (name === 'GET /health') return answer({ status: 200, body: { ok: true } });
    try {
      answer(route(name, url.searchParams) ?? { status: 404, body: { message: 'Unknown control request.' } });
    } catch (error) {
      answer({ status: 404, body: { message: (error as Error).message } });
    }
  });
  await new Promise<void>((resolve) => control.listen(port, '127.0.0.1', resolve));
  return control;
}
