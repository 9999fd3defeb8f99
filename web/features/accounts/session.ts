import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from '../../lib/api';

export type Session = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; email: string };

// One session state for the whole page, read by the header, checkout and account pages.
let current: Session = { status: 'loading' };
let started = false;
const listeners = new Set<() => void>();

function publish(next: Session) {
  current = next;
  for (const listener of listeners) listener();
}

/** Asks the server who is signed in (the session cookie is HttpOnly, so only the server knows). */
export async function refreshSession(): Promise<void> {
  try {
    const body = await apiRequest<{ user: { email: string } } | null>('/auth/get-session');
    publish(body?.user ? { status: 'signedIn', email: body.user.email } : { status: 'signedOut' });
  } catch {
    publish({ status: 'signedOut' });
  }
}

/** Ends the session on the server, then everywhere on the page. */
export async function signOut(): Promise<void> {
  await apiRequest('/auth/sign-out', { method: 'POST', body: '{}' });
  publish({ status: 'signedOut' });
}

export function useSession(): Session {
  useEffect(() => {
    if (!started) {
      started = true;
      void refreshSession();
    }
  }, []);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
