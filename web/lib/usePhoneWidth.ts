import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` (640 px): a phone, where the back office lays a page out for the thumb (issue 46). */
const PHONE = '(max-width: 639.98px)';

let query: MediaQueryList | undefined;
/** The one query a page needs, made at its first use (never on the server). */
const phoneQuery = () => (query ??= window.matchMedia(PHONE));

const subscribe = (changed: () => void) => {
  phoneQuery().addEventListener('change', changed);
  return () => phoneQuery().removeEventListener('change', changed);
};

/** Whether the window is a phone's width now, following it as it changes (rotation, a resized window). */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => phoneQuery().matches,
    () => false,
  );
}
