/**
 * next-auth's sign-in page, shared by the server's auth configuration (its `pages.signIn`, where
 * next-auth sends people) and the links that lead to it: both must name the same page, and the
 * server may not import UI code, so the path lives here.
 */
export const SIGN_IN_PATH = '/signin';
