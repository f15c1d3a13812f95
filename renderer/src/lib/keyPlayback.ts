/**
 * Plays a held key into the page as if it were pressed now: handlers see it first (a number key on
 * Box preset picks the preset), and what a browser does with the key when no handler takes it
 * follows (a character typed into the focused field, Backspace, Tab to the next field, Enter or
 * Space on a button). Keys are held while an order loads (see lib/scanner.ts).
 */
import type { Stroke } from './scanner';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', '']);

/** A field a person types into, where a character key means text. */
export function isTextEntry(element: Element | null): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type) && !element.readOnly && !element.disabled;
  return element instanceof HTMLElement && element.isContentEditable;
}

function insert(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  field.setRangeText(text, start, end, 'end');
  field.dispatchEvent(new InputEvent('input', { bubbles: true, data: text, inputType: 'insertText' }));
}

function deleteBack(field: HTMLInputElement | HTMLTextAreaElement): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  if (start === end && start === 0) return;
  field.setRangeText('', start === end ? start - 1 : start, end, 'end');
  field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }));
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function moveFocus(from: Element | null, back: boolean): void {
  const all = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null || element === from);
  const at = from instanceof HTMLElement ? all.indexOf(from) : -1;
  const next = all[(at + (back ? -1 : 1) + all.length) % all.length];
  next?.focus();
}

/** Presses `stroke` on whatever has the focus now. */
export function playKey(stroke: Stroke): void {
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent('keydown', { key: stroke.key, bubbles: true, cancelable: true, shiftKey: stroke.shift === true });
  if (!target.dispatchEvent(event)) return;
  const { key } = stroke;
  const field = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : undefined;
  if (field !== undefined && isTextEntry(field)) {
    if ([...key].length === 1) insert(field, key);
    else if (key === 'Backspace') deleteBack(field);
    else if (key === 'Tab') moveFocus(field, stroke.shift === true);
    return;
  }
  if (key === 'Tab') moveFocus(target, stroke.shift === true);
  else if ((key === 'Enter' || key === ' ') && target instanceof HTMLButtonElement) target.click();
}
