/** An event's word for the messages' select (`generation.failed` → `failed`; a test event is `test`). */
export function eventLabelKey(event: string): string {
  return event.replace(/^generation\./, '');
}
