/** A key's monthly credit cap counts calendar months in UTC: the spend of a month starts at its first instant. */
export function monthStartOf(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}
