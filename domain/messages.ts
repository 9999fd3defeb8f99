/** The spec's exact texts (section 8 and the screens), in one place. */
export const MESSAGES = {
  orderSuccess: (id: string) =>
    `Order successfully submitted with Cash on Delivery! Thank you for your purchase. Order ID: ${id}`,
  orderAuthError: 'Authentication error. Please refresh the page and try again.',
  orderNetworkError: 'Network error. Please check your internet connection and try again.',
  orderPermissionError: 'Permission error. The database may not be properly configured.',
  orderDefaultError: 'There was an error submitting your order. Please try again.',
  cardNotAvailable: 'Temporarily not available',
  emptyCart: 'Your Cart is Empty',
  // Card path (cart checkout)
  cardPaymentError: 'There was an error processing your Stripe payment. Please try again.',
  stripeSessionFailed: 'Failed to create Stripe checkout session',
  noCheckoutUrlFromStripe: 'No checkout URL received from Stripe',
  missingStripeConfiguration: (names: string[]) => `Some products are missing Stripe configuration: ${names.join(', ')}`,
  // Single-product purchase
  productNotFound: 'Product Not Found',
  startCheckoutFailed: 'Failed to start checkout process',
  noCheckoutUrl: 'No checkout URL received',
  // Not the spec's: answers while the database cannot be reached (503 with Retry-After)
  orderUnavailable: 'The shop is briefly unavailable, your order was not placed. Please try again in a minute.',
  shopUnavailable: 'The shop is briefly unavailable. Please try again in a minute.',
  databaseDown: 'The shop cannot reach its database right now.',
  // Order limits (ours, in the spec's style): one connection, or one email address or phone number, placing order after order
  tooManyOrdersFromConnection: 'Too many orders from this connection. Please wait a few minutes and try again.',
  tooManyOrdersForContact: 'Too many orders for this email address or phone number. Please wait a few minutes and try again.',
  // Stock (ours): more asked for than is left, or a product no longer sold
  onlyLeft: (left: number, name: string) => (left > 0 ? `Only ${left} left of ${name}` : `${name} is sold out`),
  noLongerSold: (name: string) => `${name} is no longer sold. Please remove it from your cart.`,
} as const;

/**
 * Spec 8: the alert for a failed order submit chooses its text by what the failure says. A failure
 * to reach the server at all counts as a network error.
 */
export function orderFailureMessage(failure: { message: string; networkFailure?: boolean }): string {
  const message = failure.message;
  if (/jwt/i.test(message)) return MESSAGES.orderAuthError;
  if (failure.networkFailure || /network/i.test(message)) return MESSAGES.orderNetworkError;
  if (/permission/i.test(message)) return MESSAGES.orderPermissionError;
  return MESSAGES.orderDefaultError;
}

/** How prices and totals say they include VAT, on the site, in the back office and in mails (`en` used for now). */
export const VAT_TEXT = {
  en: { included: 'VAT included', ofWhich: (percent: string) => `of which VAT ${percent}%`, column: 'VAT' },
  ro: { included: 'TVA inclus', ofWhich: (percent: string) => `din care TVA ${percent}%`, column: 'TVA' },
} as const;
