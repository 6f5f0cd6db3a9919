/**
 * A user's role and what it opens, shared by the server (its doors) and the UI (the header's
 * "Admin" link, the role picker). `support` looks up users and jobs, cancels and refunds jobs and
 * sees payments; `admin` does everything support does and grants, roles, suspension, maintenance
 * and refunds of payments.
 */
export const ROLES = ['user', 'support', 'admin'] as const;

export type Role = (typeof ROLES)[number];

/** The roles that open the console, each with everything the ones before it may do. */
export type StaffRole = Exclude<Role, 'user'>;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what `needed` may: admin covers support. */
export function roleCovers(role: Role, needed: StaffRole): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

export function isStaff(role: Role): boolean {
  return roleCovers(role, 'support');
}

/**
 * next-auth's error when the sign-in callback refuses an account: the studio refuses only
 * suspended ones (server/auth/options.ts), so the sign-in dialog and page word it as a suspension.
 */
export const SUSPENDED_SIGN_IN_ERROR = 'AccessDenied';

/** Where the console lives. */
export const ADMIN_PATH = '/admin';
