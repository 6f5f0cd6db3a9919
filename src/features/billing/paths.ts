/** Where billing lives: every link to it (header, footer, toasts, menus) uses these. */
export const PRICING_PATH = '/pricing';
export const ACCOUNT_BILLING_PATH = '/account/billing';
export const BILLING_SUCCESS_PATH = '/billing/success';
