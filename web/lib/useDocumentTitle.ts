import { useEffect } from 'react';
import { SHOP_NAME } from './shopInfo';

/** Each page names itself in the tab title, which screen readers announce on navigation. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${SHOP_NAME}`;
  }, [title]);
}
