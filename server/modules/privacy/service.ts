import type { IncomingHttpHeaders } from 'node:http';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { user } from '../../../db/schema/accounts';
import { orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import type { OrderView } from '../../../domain/contracts/orders';
import type { PersonalData } from '../../../domain/contracts/privacy';
import type { Locale } from '../../../domain/locale';
import { FINISHED_STATUSES } from '../../../domain/orders';
import { AppError } from '../../errors';
import type { Auth } from '../accounts/auth';
import { endResetLinks } from '../accounts/passwordReset';
import { enqueueMail } from '../mail/outbox';
import { MAIL_KINDS } from '../mail/service';
import { anonymiseOrders } from '../orders/anonymise';
import { codBlocksOf } from '../orders/codRisk';
import { listOrdersOfUser, orderView } from '../orders/read';
import { consentsOf, forgetAddress } from '../reminders/forget';
import { reviewsOfOrders } from '../reviews/moderation';
import { courierEventsOfOrder } from '../shipping/service';

/**
 * The customer's data rights (issue 34; GDPR art. 15, 17 and 20): a copy of everything the shop holds about them, and
 * its erasure. A signed-in customer has their account's (its orders, the addresses they gave, the mails sent to them,
 * their withdrawal requests) and may delete the account; a guest has an order's through its signed link and may have
 * their details erased from it. Erasing anonymises the orders (name, email, phone, street, number, postal code, the
 * withdrawals' reasons and IBANs) and keeps their amounts, so the dashboard and the CSV still add up; the invoices keep the buyer
 * as issued for the legal accounting retention period (ten years from the end of the year they were issued in:
 * Legea contabilității nr. 82/1991, art. 25), on the legal obligation of GDPR art. 6(1)(c) and 17(3)(b).
 */

/** A copy of what the shop holds about the orders given (one person's), and of the account when there is one. */
async function personalData(db: Db, views: OrderView[], account: PersonalData['account'], email: string): Promise<PersonalData> {
  const ids = views.map((view) => view.id);
  const mails = await db
    .select({ kind: outbox.kind, orderNumber: orders.number, writtenAt: outbox.createdAt, sentAt: outbox.sentAt, status: outbox.status })
    .from(outbox)
    .leftJoin(orders, eq(orders.id, outbox.orderId))
    .where(ids.length > 0 && !account ? and(eq(outbox.recipient, email), inArray(outbox.orderId, ids)) : eq(outbox.recipient, email))
    .orderBy(asc(outbox.id));
  const addresses = new Map<string, PersonalData['addresses'][number]>();
  for (const view of views) {
    const address = {
      firstName: view.firstName,
      lastName: view.lastName,
      street: view.street,
      streetNumber: view.streetNumber,
      addressLine2: view.addressLine2,
      city: view.city,
      county: view.county,
      postalCode: view.postalCode,
      country: view.country,
      phoneNumber: view.phoneNumber,
    };
    addresses.set(JSON.stringify(address), address);
  }
  // The blocks naming any email or phone they gave (codRisk's keys: E.164 phones, emails in small letters), each once.
  const contacts = [...new Map([...(account ? [{ email: account.email, phoneNumber: '' }] : []), ...views].map((view) => [`${view.email}|${view.phoneNumber}`, view])).values()];
  const blocks = new Map((await Promise.all(contacts.map((contact) => codBlocksOf(db, contact)))).flat().map((block) => [block.id, block]));
  const courierEvents = (await Promise.all(views.map(async (view) => (await courierEventsOfOrder(db, view.id)).map((event) => ({ orderNumber: view.number, ...event }))))).flat();
  return {
    exportedAt: new Date().toISOString(),
    account,
    orders: views,
    addresses: [...addresses.values()],
    withdrawalRequests: views.flatMap((view) => view.withdrawals.map((withdrawal) => ({ orderNumber: view.number, requestedAt: withdrawal.statedAt, note: withdrawal.reason, iban: withdrawal.iban }))),
    mails: mails.map((mail) => ({ ...mail, writtenAt: mail.writtenAt.toISOString(), sentAt: mail.sentAt?.toISOString() ?? null })),
    codBlocks: [...blocks.values()].map(({ kind, value, createdAt }) => ({ kind, value, blockedAt: createdAt })),
    courierEvents,
    reviews: await reviewsOfOrders(db, views),
    consents: await consentsOf(db, email),
  };
}

/** A signed-in customer's data: their account and its orders. */
export async function personalDataOfAccount(db: Db, userId: string): Promise<PersonalData> {
  const [account] = await db.select({ email: user.email, name: user.name, createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
  if (!account) throw new AppError('unauthorized', { id: 'error.order.signInToSeeOrders' });
  return personalData(db, await listOrdersOfUser(db, userId), { ...account, createdAt: account.createdAt.toISOString() }, account.email);
}

/** A guest's data through an order's signed link: that order, and the mails sent about it. */
export async function personalDataOfOrder(db: Db, orderId: string): Promise<PersonalData> {
  const view = await orderView(db, orderId);
  if (!view) throw new AppError('not_found', { id: 'error.order.noSuchOrder' });
  const { version: _version, ...order } = view;
  return personalData(db, [order], null, order.email);
}

/** Refuses while an order is on its way: its address and phone are needed to deliver it. */
function refuseUnfinished(unfinished: { number: number }[], single: boolean) {
  if (unfinished.length === 0) return;
  if (single) throw new AppError('conflict', { id: 'error.privacy.orderUnderWay' }, 'order_under_way');
  throw new AppError('conflict', { id: 'error.privacy.ordersUnderWay', values: { numbers: unfinished.map((order) => order.number).join(', ') } }, 'orders_under_way');
}

/**
 * Deletes a signed-in customer's account, after asking for its password again: the account, its sessions, its sign-in
 * and its reset links go; its orders are anonymised; the mails sent to it are forgotten; a mail confirms it (the last
 * one the shop writes to them). Refused while one of its orders is on its way.
 */
export async function deleteAccount(db: Db, auth: Auth, headers: IncomingHttpHeaders, account: { id: string; email: string }, password: string, locale: Locale) {
  try {
    await auth.api.verifyPassword({ body: { password }, headers: fromNodeHeaders(headers) });
  } catch (error) {
    if (error instanceof APIError) throw new AppError('bad_request', { id: 'error.privacy.wrongPassword' }, 'wrong_password');
    throw error;
  }
  const owned = await db.select({ id: orders.id, number: orders.number, status: orders.status }).from(orders).where(eq(orders.userId, account.id)).orderBy(desc(orders.createdAt));
  refuseUnfinished(
    owned.filter((order) => !(FINISHED_STATUSES as readonly string[]).includes(order.status)),
    false,
  );
  await db.transaction(async (tx) => {
    // The mails written to them, and every mail about their orders whatever address it went to (the owners' alerts too).
    const ids = owned.map((order) => order.id);
    await tx.delete(outbox).where(ids.length > 0 ? or(eq(outbox.recipient, account.email), inArray(outbox.orderId, ids)) : eq(outbox.recipient, account.email));
    await enqueueMail(tx, { kind: MAIL_KINDS.accountDeleted, recipient: account.email, language: locale });
    await anonymiseOrders(tx, ids);
    await endResetLinks(tx, account.id);
    await forgetAddress(tx, account.email);
    await tx.delete(user).where(eq(user.id, account.id));
  });
}

/**
 * Erases a guest's details from an order, asked through its signed link: the order is anonymised, the mails sent about
 * it forgotten, and a mail confirms it. Refused while it is on its way, and for an order already erased.
 */
export async function eraseOrder(db: Db, orderId: string, locale: Locale) {
  const [order] = await db.select({ id: orders.id, number: orders.number, status: orders.status, email: orders.email, anonymisedAt: orders.anonymisedAt }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.anonymisedAt) throw new AppError('not_found', { id: 'error.order.noSuchOrder' });
  refuseUnfinished((FINISHED_STATUSES as readonly string[]).includes(order.status) ? [] : [order], true);
  await db.transaction(async (tx) => {
    // Every mail about it, whatever address it went to (the owners' alerts too: issue 48).
    await tx.delete(outbox).where(eq(outbox.orderId, order.id));
    await enqueueMail(tx, { kind: MAIL_KINDS.detailsErased, recipient: order.email, data: { number: String(order.number) }, language: locale });
    await anonymiseOrders(tx, [order.id]);
    await forgetAddress(tx, order.email);
  });
}
