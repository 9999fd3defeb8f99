import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Db } from '../../../db/client';
import { codBlockRequestSchema } from '../../../domain/codRisk';
import { adminOrderListSchema, adminOrderSchema, ORDER_LIST_STATUSES } from '../../../domain/contracts/admin';
import { SHOP_TIME_ZONE } from '../../../domain/locale';
import { statusChangeRequestSchema } from '../../../domain/orderChanges';
import { AWAITING_OWNER_STATUSES } from '../../../domain/orders';
import { controlCharactersMessage, hasControlCharacters } from '../../../domain/text';
import { AppError, answers } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import type { Invoicing } from '../invoices/service';
import { blockCod, liftCodBlock } from './codRisk';
import { CSV_BOM, csvLine, ORDER_CSV_COLUMNS, orderCsvCells } from './csv';
import { currentCursor, formatCursor, LiveOrders, parseCursor } from './liveOrders';
import { listOrders, type OrderFilters, ordersForExport } from './ownerList';
import { changeStatusAsOwner, orderForOwner } from './ownerOrder';

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-11-23.`)
    // A day the calendar has: Date.parse takes 2026-02-30 (as 2 March), PostgreSQL does not.
    .refine((text) => !Number.isNaN(Date.parse(text)) && new Date(text).toISOString().startsWith(text), `${label} must be a date like 2026-11-23.`)
    .optional();

/** The list's filters, in the query string (the back office's URL holds the same). */
const filtersSchema = z.object({
  status: z.enum(ORDER_LIST_STATUSES, { error: 'Choose a status from the list.' }).optional(),
  from: day('From'),
  to: day('To'),
  q: z
    .string()
    .trim()
    .max(100, 'The search is too long (at most 100 characters).')
    .refine((text) => !hasControlCharacters(text), controlCharactersMessage('The search'))
    .optional(),
});

const orderParams = z.object({ id: z.uuid('Unknown order id.') });

/** A COD block's id: a positive whole number (at most 9 digits). */
const codBlockParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Unknown block id.')
    .transform(Number),
});
const codBlockRowSchema = z.object({ id: z.int(), kind: z.enum(['phone', 'email']), value: z.string() });

/** A comment line on an idle stream, so proxies and the browser keep it open. */
export const HEARTBEAT_MS = 15_000;

/** What a client waits before reconnecting a dropped stream (EventSource's `retry`). */
const RECONNECT_MS = 2_000;

/**
 * The owner's orders in the back office, under /api/admin in the owners' scope (app.ts, ownersOnly): the list with its
 * filters and CSV, one order and its status changes, the contacts refused cash on delivery, and the live stream of
 * orders placed and changed.
 */
export const ownerOrderRoutes: FastifyPluginAsyncZod<{
  db: Db;
  listen: Database['listen'];
  /** SHIPMENT_OVERDUE_DAYS: the list's `overdue` filter. */
  overdueDays: number;
  /** COD_CONFIRM_REMINDER_HOURS: the list's `unconfirmed` filter. */
  confirmHours: number;
  /** The owner asking. */
  ownerOf(request: FastifyRequest): SignedInUser;
  /** The shop's invoicing: the owner's status changes issue invoices and credit notes. */
  invoicing: Invoicing;
  /** The live stream's safety poll (SAFETY_POLL_MS unless a test says otherwise). */
  livePollMs?: number;
}> = async (app, { db, listen, overdueDays, confirmHours, ownerOf, invoicing, livePollMs }) => {
  const live = new LiveOrders(db, listen, app.log, livePollMs);
  /**
   * The query's filters as the service reads them: `overdue` is shipped over `overdueDays` days ago, `waiting` the orders
   * waiting for the owner, `delivered_this_month` those of the month's revenue (the dashboard's counters), `unconfirmed`
   * the cash orders their customers have not confirmed `confirmHours` on.
   */
  const filtersOf = ({ status, ...rest }: z.infer<typeof filtersSchema>): OrderFilters => {
    if (status === 'overdue') return { ...rest, overdueDays };
    if (status === 'waiting') return { ...rest, statuses: AWAITING_OWNER_STATUSES };
    if (status === 'delivered_this_month') return { ...rest, deliveredThisMonth: true };
    if (status === 'unconfirmed') return { ...rest, unconfirmedHours: confirmHours };
    return { ...rest, ...(status ? { status } : {}) };
  };

  app.get(
    '/orders',
    {
      schema: {
        querystring: z.object({
          ...filtersSchema.shape,
          cursor: z.string().max(200, 'This list position is out of date. Load the list again.').optional(),
          limit: z.coerce
            .number({ error: 'limit must be a number from 1 to 100.' })
            .int('limit must be a number from 1 to 100.')
            .min(1, 'limit must be a number from 1 to 100.')
            .max(100, 'limit must be a number from 1 to 100.')
            .optional(),
        }),
        response: answers({ 200: adminOrderListSchema }),
      },
    },
    async (request) => {
      const { cursor, limit, ...filters } = request.query;
      // Read before the list: whatever is placed after it reaches a stream opened from here.
      const liveCursor = formatCursor(await currentCursor(db));
      return { ...(await listOrders(db, filtersOf(filters), { cursor, limit })), liveCursor };
    },
  );

  app.get('/orders.csv', { schema: { querystring: filtersSchema, response: answers({}) } }, async (request, reply) => {
    const filters = filtersOf(request.query);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date());
    async function* lines() {
      yield CSV_BOM;
      yield csvLine(ORDER_CSV_COLUMNS);
      for await (const order of ordersForExport(db, filters)) yield csvLine(orderCsvCells(order));
    }
    return (
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${today}.csv"`)
        .header('Cache-Control', 'no-store')
        // Text, which no JSON schema describes; its errors are JSON through answers() like every route's.
        .send(Readable.from(lines()) as never)
    );
  });

  app.get('/orders/:id', { schema: { params: orderParams, response: answers({ 200: adminOrderSchema }) } }, async (request) => {
    return orderForOwner(db, request.params.id);
  });

  app.post('/orders/:id/status', { schema: { params: orderParams, body: statusChangeRequestSchema, response: answers({ 200: adminOrderSchema }) } }, async (request) => {
    return changeStatusAsOwner(db, request.params.id, request.body, ownerOf(request), invoicing);
  });

  // The COD risk (orders/codRisk.ts): no more cash on delivery from a phone, an email or both; and again.
  app.post('/cod-blocks', { schema: { body: codBlockRequestSchema, response: answers({ 201: z.object({ blocks: z.array(codBlockRowSchema) }) }) } }, async (request, reply) => {
    return reply.status(201).send({ blocks: await blockCod(db, request.body, ownerOf(request)) });
  });
  app.delete('/cod-blocks/:id', { schema: { params: codBlockParams, response: answers({ 204: z.null() }) } }, async (request, reply) => {
    if (!(await liftCodBlock(db, request.params.id))) throw new AppError('not_found', { id: 'admin.error.noSuchCodBlock' });
    return reply.status(204).send(null);
  });

  /** Open streams, each with the way to end it: all are ended when the app closes. */
  const streams = new Set<() => void>();

  /**
   * Server-Sent Events: an `order` event for every order placed or changed, with the order's list
   * row; its id is the stream's cursor. A reconnecting browser sends the last id it had
   * (Last-Event-ID; tests may use ?lastEventId=) and gets exactly what it missed; a new stream
   * starts at the current position.
   */
  app.get('/events', { schema: { querystring: z.object({ lastEventId: z.string().max(50).optional() }), response: answers({}) } }, async (request, reply) => {
    const header = request.headers['last-event-id'];
    const start = parseCursor(typeof header === 'string' ? header : undefined) ?? parseCursor(request.query.lastEventId) ?? (await currentCursor(db));
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      // The security headers every answer has (server/securityHeaders.ts), which a hijacked reply does not send itself.
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Proxies such as nginx would otherwise hold events back in their buffer.
      'X-Accel-Buffering': 'no',
    });
    stream.write(`retry: ${RECONNECT_MS}\n\n`);
    let unsubscribe: (() => void) | undefined;
    let ended = false;
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe?.();
      streams.delete(end);
      stream.end();
    };
    streams.add(end);
    stream.on('close', end);
    const stop = await live.subscribe(start, (events) => {
      for (const { cursor, event } of events) stream.write(`id: ${formatCursor(cursor)}\nevent: order\ndata: ${JSON.stringify(event)}\n\n`);
    });
    if (ended) stop();
    else unsubscribe = stop;
  });

  // Open streams never finish by themselves: end them first, so closing the server does not wait on them.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.addHook('onClose', async () => live.close());
};
