/**
 * Spec 000 §2: the stock page is also reached as a hash route (`/#/stock/AAPL`, as the old client's
 * links and e-mails wrote it). A `#/...` address is the path it names: rewritten before the router
 * reads the location, and again when the hash changes while the app runs.
 */
export function hashRoutePath(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const path = hash.slice(1);
  // Only a path of ours: no scheme, no protocol-relative address.
  return path.startsWith('//') ? null : path;
}

export function adoptHashRoute(): void {
  const path = hashRoutePath(window.location.hash);
  if (path !== null) window.history.replaceState(window.history.state, '', path);
}
