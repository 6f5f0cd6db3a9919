/** Stripe payment events (signature checked by the billing service against the raw body). */
import { stripeWebhookRoute } from '~/server/http/stripe-webhook-route';

// A literal object: Next parses route config statically. The raw body is verified, so no parser.
export const config = { api: { bodyParser: false } };

export default stripeWebhookRoute;
