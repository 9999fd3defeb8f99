import type { Location } from 'react-router';

/**
 * A page opened as a modal over another (a product over /shop) has its own URL, to share or
 * reload, while the page behind stays as it was: the navigation carries that page's location.
 * Loading the URL afresh gives the page itself.
 */
export interface ModalState {
  background: Location;
}

/** The page behind the modal this location opened, if it opened one. */
export const backgroundOf = (location: Location): Location | null => (location.state as Partial<ModalState> | null)?.background ?? null;
