import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';

/**
 * How long the server waits for slow or silent clients (milliseconds). A client that trickles its
 * headers, or sends headers and never finishes its body, holds a socket and memory: it is answered
 * 408 and cut off. Node enforces the first two on a timer, every `checkEvery`.
 */
export const SERVER_TIMEOUTS = {
  /** From the first byte of a request to the end of its headers. */
  headers: 10_000,
  /** From the first byte to the end of the body (bodies are at most 64 KB, webhooks 1 MB). */
  request: 15_000,
  /** A socket with no traffic at all, in either direction, while a request is open. */
  idleSocket: 60_000,
  /** An idle keep-alive connection between requests; above the 60 s of common load balancers. */
  keepAlive: 72_000,
  checkEvery: 1_000,
} as const;

/**
 * The HTTP server Fastify would make, with the timeouts above, but asking `answerFirst` first: a request it answers
 * (true) never reaches Fastify (the catalogue's fast answer: catalog/fastAnswer.ts).
 */
export function httpServerFactory(answerFirst: (request: IncomingMessage, response: ServerResponse) => boolean) {
  return (handler: RequestListener): Server => {
    const server = createServer({ headersTimeout: SERVER_TIMEOUTS.headers, connectionsCheckingInterval: SERVER_TIMEOUTS.checkEvery }, (request, response) => {
      if (!answerFirst(request, response)) handler(request, response);
    });
    server.requestTimeout = SERVER_TIMEOUTS.request;
    server.keepAliveTimeout = SERVER_TIMEOUTS.keepAlive;
    server.setTimeout(SERVER_TIMEOUTS.idleSocket);
    return server;
  };
}
