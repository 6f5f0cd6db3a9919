/** next-auth provider ids shared by the server config and the sign-in modal. */
export const DEV_SIGNIN_PROVIDER_ID = 'dev-signin';
export const GOOGLE_PROVIDER_ID = 'google';
