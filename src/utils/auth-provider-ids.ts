/**
 * next-auth's provider ids, shared by the server's auth configuration and the sign-in modal: both
 * must name a provider the same way, and the server may not import UI code, so the ids live here.
 */
export const DEV_SIGNIN_PROVIDER_ID = 'dev-signin';
export const GOOGLE_PROVIDER_ID = 'google';
