/**
 * Whether a provider object was made by our checkout. It marks everything it makes with the item
 * bought, in metadata.item: the session, the payment intent, the subscription (and so each of its
 * invoices, which carry the subscription's metadata). An object without the mark (a subscription
 * made in the Dashboard, another integration's payment on the same account) is not ours, whoever
 * its customer is: its events change nothing and are answered 200 `not_ours`, so the provider does
 * not retry them.
 */
export function madeByOurCheckout(metadata: Readonly<Record<string, string>>): boolean {
  return Object.hasOwn(metadata, 'item');
}
