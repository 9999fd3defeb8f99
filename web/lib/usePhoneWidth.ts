import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` (640 px): a phone, where the back office lays a page out for the thumb (issue 46). */
const PHONE = '(max-width: 639.98px)';

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/** Whether the window is a phone's width now, following it as it changes (rotation, a resized window). */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}
