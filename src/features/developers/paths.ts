/** Account → Developers: API keys; and the API's rendered reference. */
export const ACCOUNT_DEVELOPERS_PATH = '/account/developers';
export const API_DOCS_PATH = '/docs/api';
