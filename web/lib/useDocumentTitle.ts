import { useEffect } from 'react';
import { SHOP_NAME } from './shopInfo';

/** A page's tab title: "Shop · Secret Stash" (the server renders the same, web/app/pageHead.ts). */
export const documentTitle = (title: string): string => `${title} · ${SHOP_NAME}`;

/**
 * Each page names itself in the tab title, which screen readers announce on navigation. A modal with
 * its own address (a product over /shop) names itself too, and gives the title back when it closes.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = documentTitle(title);
    return () => {
      document.title = before;
    };
  }, [title]);
}
