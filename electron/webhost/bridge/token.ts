/**
 * How the page gets the web host's token. The station prints an address whose fragment holds
 * it (`#token=…`): browsers never send a fragment to the server, so it stays out of requests,
 * logs and Referer headers. The bridge keeps it in sessionStorage (this tab only, gone when the
 * tab closes) so a reload keeps working, and removes it from the address bar at once so it is
 * not bookmarked, shared in a screenshot or left in history.
 */
const STORAGE_KEY = 'packbench.station-token';

function tokenFromFragment(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('token');
  return token !== null && /^[A-Za-z0-9_-]{16,512}$/.test(token) ? token : undefined;
}

function remember(token: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage can be switched off; the token then lasts until the page is reloaded.
  }
}

function recalled(): string | undefined {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Takes the token from the address (removing it there) or from this tab's storage. */
export function takeToken(): string | undefined {
  const fromFragment = tokenFromFragment();
  if (fromFragment === undefined) return recalled();
  remember(fromFragment);
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  return fromFragment;
}
