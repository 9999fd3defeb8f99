import type { Message, ShopMessageId } from '../locales/messages';

// The spec's exact texts (section 8 and the screens) are catalogue keys `message.*` in locales/shop/
// (English word for word, and Romanian); the rules that choose among them, with their values, stay here.

/** Stock (ours): only `left` of `name` are left, none when 0. */
export function onlyLeft(left: number, name: string): Message<ShopMessageId> {
  return left > 0 ? { id: 'message.onlyLeft', values: { left, name } } : { id: 'message.soldOut', values: { name } };
}

/**
 * Spec 8: the alert for a failed order submit chooses its text by what the failure says. A failure
 * to reach the server at all counts as a network error.
 */
export function orderFailureMessage(failure: { message: string; networkFailure?: boolean }): ShopMessageId {
  const message = failure.message;
  if (/jwt/i.test(message)) return 'message.orderAuthError';
  if (failure.networkFailure || /network/i.test(message)) return 'message.orderNetworkError';
  if (/permission/i.test(message)) return 'message.orderPermissionError';
  return 'message.orderDefaultError';
}
