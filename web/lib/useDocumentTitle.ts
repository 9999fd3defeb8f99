import { useEffect } from 'react';
import { SHOP_NAME } from './shopInfo';

/** A page's tab title: "Shop · Secret Stash" (the server renders the same, web/app/pageHead.ts). */
export const documentTitle = (title: string): string => `${title} · ${SHOP_NAME}`;

/** Each page names itself in the tab title, which screen readers announce on navigation. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
