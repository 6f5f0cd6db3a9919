/** core-flow §8: the maintenance text (6 hours = the spec's 360-minute estimate). */
export const MAINTENANCE_DEFAULT_MESSAGE = 'System is under maintenance. Expected downtime: 6 hours. Please try again later.';
