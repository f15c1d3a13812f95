/**
 * The toasts a state class says during a test. svelte-sonner shows toasts only in a page; here
 * each error toast's words are kept instead, until the test ends. Used by tests only.
 */
import { toast } from 'svelte-sonner';
import { onTestFinished, vi } from 'vitest';

/** The words of every error toast said from now until the test ends, in order. */
export function watchToasts(): string[] {
  const said: string[] = [];
  const spy = vi.spyOn(toast, 'error').mockImplementation((message) => {
    said.push(String(message));
    return said.length;
  });
  onTestFinished(() => spy.mockRestore());
  return said;
}
