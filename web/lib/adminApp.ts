/**
 * The back office as the owner's phone app (issue 48): its service worker (web/public/admin-sw.js, scoped to /admin and
 * registered from the back office's code only, so the storefront never loads it) and the notifications on this phone
 * (Web Push: the subscription kept by the shop, /api/admin/push).
 */
import { pushSettingsSchema, pushSubscriptionStateSchema } from '../../domain/contracts/push';
import type { Locale } from '../../domain/locale';
import { apiRequest } from './api';

const WORKER = '/admin-sw.js';
const SCOPE = '/admin';

/** Registers the back office's service worker, once per page load; a browser without them, or refusing, goes on without. */
export function registerAdminWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(WORKER, { scope: SCOPE }).catch(() => undefined);
}

/** Where notifications stand on this browser: not possible here, refused by the owner, on, or off. */
export type PhoneNotifications = 'unsupported' | 'denied' | 'on' | 'off';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The back office's worker once it is active (subscribing needs one), registered first if it was not yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration(SCOPE))) await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
  return navigator.serviceWorker.ready;
}

export async function phoneNotifications(): Promise<PhoneNotifications> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  // Without the permission no subscription shows anything: the push service is not even asked.
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await (await registration()).pushManager.getSubscription().catch(() => null);
  return subscription ? 'on' : 'off';
}

/** Asks the browser for notifications and gives the shop this browser's subscription; what they stand at afterwards. */
export async function turnOnPhoneNotifications(language: Locale): Promise<PhoneNotifications> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await apiRequest('/admin/push', pushSettingsSchema);
  const worker = await registration();
  const subscription = (await worker.pushManager.getSubscription()) ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  await apiRequest('/admin/push/subscriptions', pushSubscriptionStateSchema, { method: 'POST', body: JSON.stringify({ endpoint, keys, language }) });
  return 'on';
}

/** Gives up this browser's subscription, at the push service and at the shop. */
export async function turnOffPhoneNotifications(): Promise<PhoneNotifications> {
  if (!supported()) return 'unsupported';
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await apiRequest('/admin/push/unsubscribe', pushSubscriptionStateSchema, { method: 'POST', body: JSON.stringify({ endpoint: subscription.endpoint }) });
    await subscription.unsubscribe();
  }
  return 'off';
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    text
      .replaceAll('-', '+')
      .replaceAll('_', '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}
