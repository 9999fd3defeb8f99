import { type Attribution, type Touch, touchOf } from '../../domain/attribution';

/**
 * Where this tab's visit came from (issue 49, domain/attribution.ts): its first and last touch, in the tab's session
 * storage only (no cookie, nothing kept on the server that names the visitor). The visit beacon sends the last, an
 * order both.
 */
const KEY = 'secret-stash.attribution.v1';

/** The referrer is read once per page load: later pages of the app keep the same document.referrer. */
let referrerRead = false;

export function currentAttribution(): Attribution | undefined {
  try {
    const saved = sessionStorage.getItem(KEY);
    return saved ? (JSON.parse(saved) as Attribution) : undefined;
  } catch {
    // Storage refused (a private window's quota) or a value not ours: no attribution.
    return undefined;
  }
}

/** Notes the touch of a page opened at `search`, if it has one: the tab's last, and its first when none before. */
export function noteTouch(search: string): Touch | undefined {
  const touch = touchOf(search, referrerRead ? '' : document.referrer, window.location.hostname);
  referrerRead = true;
  const saved = currentAttribution();
  if (!touch) return saved?.last;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ first: saved?.first ?? touch, last: touch }));
  } catch {
    // Not kept: the visit counts as direct.
  }
  return touch;
}
