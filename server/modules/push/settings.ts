import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../../env';
import { generateVapidKeys, type VapidKeys, webPushSender } from '../../integrations/push';
import type { PushSending } from './sending';

/**
 * The back office's Web Push settings (issue 48): part of the one schema of every setting (server/env.ts), kept here
 * with the notifications they sign. VAPID (RFC 8292): the key pair the push services know the shop by, and a contact.
 */
export const pushSettings = {
  /** The VAPID public key (base64url, 65 bytes uncompressed P-256), as `npx web-push generate-vapid-keys` prints it… */
  WEB_PUSH_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a VAPID public key (base64url)')
    .optional(),
  /** …and its private key (32 bytes, base64url). Without the two, a pair is made once into DATA_DIR/web-push-keys.json. */
  WEB_PUSH_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a VAPID private key (base64url)')
    .optional(),
  /** Who the push services may write to about the shop's notifications: a mailto: address (or an https page). */
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be mailto:someone@example.ro or an https address')
    .optional(),
};

type Settings = Pick<Config, keyof typeof pushSettings | 'COMPANY_EMAIL'>;

/** The VAPID keys and contact the notifications are signed with. */
export interface Vapid extends VapidKeys {
  subject: string;
}

/** WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY go together; an invalid pair stops the shop at start. */
export function checkPushSettings(config: Partial<Settings>): void {
  if (Boolean(config.WEB_PUSH_PUBLIC_KEY) !== Boolean(config.WEB_PUSH_PRIVATE_KEY)) {
    throw new Error('Invalid configuration: WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys), or neither to have a pair made.');
  }
}

/**
 * The VAPID keys from the settings or, without them, a pair made once and kept beside the data
 * (DATA_DIR/web-push-keys.json), as server/env.ts authSecretOf keeps the auth secret: every process of the shop, and the
 * worker, sign with the same pair, which the owners' browsers subscribed with. On PostgreSQL with several machines,
 * set the two settings (each machine would otherwise make its own).
 */
export async function vapidOf(config: Settings, dataDir: string): Promise<Vapid> {
  checkPushSettings(config);
  const subject = config.WEB_PUSH_SUBJECT ?? `mailto:${config.COMPANY_EMAIL}`;
  if (config.WEB_PUSH_PUBLIC_KEY && config.WEB_PUSH_PRIVATE_KEY) return { publicKey: config.WEB_PUSH_PUBLIC_KEY, privateKey: config.WEB_PUSH_PRIVATE_KEY, subject };
  const file = path.join(dataDir, 'web-push-keys.json');
  const kept = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as Partial<VapidKeys>,
    () => null,
  );
  if (kept?.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  const keys = await generateVapidKeys();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return { ...keys, subject };
}

/** The owners' notifications as the settings say: web-push signing with the VAPID keys (made once when not set). */
export async function pushSendingOf(config: Settings, dataDir: string): Promise<PushSending> {
  const vapid = await vapidOf(config, dataDir);
  return { sender: webPushSender(vapid), publicKey: vapid.publicKey };
}
