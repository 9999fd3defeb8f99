import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { type LiveOrderEvent, liveOrderEventSchema } from '../../../domain/contracts/admin';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * The back office's live stream (GET /api/admin/events), from `cursor` on: each order placed or
 * changed is handed to `onEvent`. The browser's EventSource reconnects by itself after a dropped
 * connection and resumes from the last event it had (Last-Event-ID), so nothing is missed or doubled.
 */
export function useLiveOrders(cursor: string | null, onEvent: (event: LiveOrderEvent) => void): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!cursor) return;
    const source = new EventSource(`/api/admin/events?lastEventId=${encodeURIComponent(cursor)}`);
    setState('connecting');
    source.onopen = () => setState('live');
    source.onerror = () => setState('reconnecting');
    source.addEventListener('order', (message) => {
      const parsed = z.safeParse(liveOrderEventSchema, JSON.parse((message as MessageEvent<string>).data));
      if (parsed.success) handler.current(parsed.data);
    });
    return () => source.close();
  }, [cursor]);

  return state;
}
