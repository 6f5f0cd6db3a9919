/** The generation poll on a static route of its own (src/server/http/prediction-poll-route.ts). */
import { predictionPollRoute } from '~/server/http/prediction-poll-route';

// A literal object: Next parses route config statically. Same as [trpc]: the edge reads the body itself.
export const config = { api: { bodyParser: false } };

export default predictionPollRoute;
