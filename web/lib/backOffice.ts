import { useEffect } from 'react';

// What the back office's pages share (they are several features: adminOrders, adminMails…).

/** Back-office pages name themselves "… — Back office" in the tab title. */
export function useBackOfficeTitle(title: string) {
  useEffect(() => {
    document.title = `${title} — Back office`;
  }, [title]);
}

/** Times as the shop lives them, in Bucharest: "23 Nov 2026, 17:45". */
export const bucharestTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The Bucharest day (YYYY-MM-DD) an instant falls on, as the list's date filters count days. */
export const bucharestDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(iso));

export const PAYMENT_NAMES = { cod: 'Cash on delivery', card: 'Card' } as const;
