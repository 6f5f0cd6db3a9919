/** A number field's text as a whole number, or null when it is not one (empty, a fraction, letters). */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}
