/**
 * The message catalogues' keys, as types: a key missing from the English catalogue fails the type
 * check, and `npm run messages` (lingui compile --strict) fails when the Romanian one lacks a key.
 * The words are in <area>/<language>.json; the compiled <area>/<language>.ts are generated.
 *
 * - shop: the storefront, the checkout, accounts and every message the API gives visitors
 * - admin: the back office
 * - mail: the mails
 */
import type admin from './admin/en.json';
import type mail from './mail/en.json';
import type shop from './shop/en.json';

export type ShopMessageId = keyof typeof shop;
export type AdminMessageId = keyof typeof admin;
export type MailMessageId = keyof typeof mail;
export type MessageId = ShopMessageId | AdminMessageId | MailMessageId;

/** A text given by its key, with the values it names: the words come from the reader's language's catalogue. */
export interface Message<Id extends MessageId = MessageId> {
  id: Id;
  values?: Record<string, unknown>;
}
