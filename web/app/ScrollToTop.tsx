import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { backgroundOf } from '../lib/modalRoutes';

/** A new page starts at its top, as it would with full page loads; opening or closing a modal over it is not a new page. */
export function ScrollToTop() {
  const location = useLocation();
  const { pathname } = backgroundOf(location) ?? location;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new pathname is the trigger, not an input
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
