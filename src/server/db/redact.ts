/** A database URL fit for logs: the password replaced by ***. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
