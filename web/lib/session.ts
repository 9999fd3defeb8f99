import type { SessionAnswer } from '../../domain/contracts/accounts';
import { fetchApi } from './http';
import { createSharedResource } from './sharedResource';

export type Session = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; email: string; owner: boolean; twoFactor: boolean };

// One session state for the whole page, read by the header, checkout and account pages. The session
// cookie is HttpOnly, so only the server knows who is signed in.
const session = createSharedResource<Session>(
  { status: 'loading' },
  {
    load: async () => {
      const body = await fetchApi<SessionAnswer>('/auth/get-session');
      return body?.user ? { status: 'signedIn', email: body.user.email, owner: body.user.role === 'owner', twoFactor: body.user.twoFactorEnabled === true } : { status: 'signedOut' };
    },
    fallback: () => ({ status: 'signedOut' }),
  },
);

/** Asks the server again who is signed in (after signing in or up). */
export const refreshSession = (): Promise<void> => session.refresh({ force: true });

/** Ends the session on the server, then everywhere on the page. */
export async function signOut(): Promise<void> {
  await fetchApi('/auth/sign-out', { method: 'POST', body: '{}' });
  session.set({ status: 'signedOut' });
}

export const useSession = (): Session => session.use();

/** Who is signed in as the page knows it now (after refreshSession, the server's answer). */
export const currentSession = (): Session => session.get();
