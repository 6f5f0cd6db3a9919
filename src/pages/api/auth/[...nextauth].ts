/** next-auth's endpoints (sign-in, callbacks, session), behind the edge's guard (src/server/http/auth-route.ts). */
import { authRoute } from '~/server/http/auth-route';

export default authRoute;
