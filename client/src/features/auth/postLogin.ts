import type { User } from '@insight/shared';

/**
 * The redirect-back parameter, when it is safe to follow: a path on this site ("/…", not "//…",
 * which browsers read as another host, nor "/\…", which some read the same way) and not the login
 * page itself. Anything else is dropped.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and whitespace have no place in a path we send the browser to.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || /\s/.test(char)))
    return null;
  const pathname = raw.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/login' || pathname.startsWith('/login/')) return null;
  return raw;
}

/** Spec 000 §2 "Post-login routing": where a user lands after signing in. */
export function postLoginPath(user: Pick<User, 'account_type'>, redirect: string | null | undefined): string {
  if (user.account_type === 'profile') return '/investment-profile';
  const target = safeRedirect(redirect);
  if (target === null) return '/';
  const pathname = target.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/investment-profile' || pathname.startsWith('/investment-profile/')) return '/?tab=6';
  return target;
}

/** /login with the redirect-back parameter for the page the visitor asked for. */
export function loginPathFor(pathname: string, search: string): string {
  const back = pathname + search;
  return back === '/' || back === '' ? '/login' : `/login?redirect=${encodeURIComponent(back)}`;
}
