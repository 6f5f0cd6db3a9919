/** Account → Privacy: what the studio keeps, download my data, delete my account. */
export const ACCOUNT_PRIVACY_PATH = '/account/privacy';
