import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { backgroundOf } from '../lib/modalRoutes';

/**
 * A new page starts at its top, as it would with full page loads; opening or closing a modal over it is not a new
 * page. Only a move to another page within the app: the page the visitor loaded is left where the browser put it (a
 * server-rendered page hydrates under a visitor who may have scrolled and be tapping; a reload keeps its place).
 */
export function ScrollToTop() {
  const location = useLocation();
  const { pathname } = backgroundOf(location) ?? location;
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
