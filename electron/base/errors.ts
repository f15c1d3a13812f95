/**
 * What a caught value says, in words. Anything can be thrown in JavaScript (some libraries throw
 * plain strings, "Operating System not supported"); the station shows or logs the message, never
 * `[object Object]`, so every catch that words a failure goes through here.
 */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
