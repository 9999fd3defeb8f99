/**
 * Web Push (RFC 8030) to the owners' browsers, with the `web-push` library: it encrypts the payload for the browser
 * alone (aes128gcm, RFC 8291 and 8188) and signs the request with the shop's VAPID key (RFC 8292). The request it makes
 * is sent with fetch rather than its sendNotification, which speaks https only and has no overall timeout: a push
 * service is always https, and a stand-in for one in tests is plain http on 127.0.0.1.
 */

/**
 * web-push and its dependencies (about 13 MB resident) are loaded by the process that sends the notifications, at its
 * first one, and never by a serving process that leaves them to the worker (as the mail templates, decision 0030).
 */
const webPush = async () => (await import('web-push')).default;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A browser's subscription: its push service's address and its keys (base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  /** Sends `payload` to the browser; the push service's status (201 taken, 404 or 410 gone, 429 or 5xx later). */
  send(target: PushTarget, payload: string): Promise<number>;
}

export const generateVapidKeys = async (): Promise<VapidKeys> => (await webPush()).generateVAPIDKeys();

/** How long a push service keeps a notification for a phone that is off: a day (an order older than that is on the dashboard). */
const KEEP_SECONDS = 24 * 60 * 60;

export function webPushSender(vapid: VapidKeys & { subject: string }, timeoutMs = 10_000): PushSender {
  return {
    async send(target, payload) {
      const request = (await webPush()).generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: vapid,
        contentEncoding: 'aes128gcm',
        TTL: KEEP_SECONDS,
        urgency: 'high',
      });
      // fetch counts the body's length itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}
