import { authTokenStorageKey } from '@insight/shared';

/**
 * The remember-me token kept for auto-login after a 401 (spec 002 §7.1). The gateway rotates it on
 * every use, so whoever logs in with it must store the new one it answers with.
 */
export function readAuthToken(): string | null {
  try {
    return window.localStorage.getItem(authTokenStorageKey);
  } catch {
    return null;
  }
}

export function storeAuthToken(token: string): void {
  try {
    window.localStorage.setItem(authTokenStorageKey, token);
  } catch {
    // Storage can be disabled (private mode, quotas): the session cookie still works without it.
  }
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(authTokenStorageKey);
  } catch {
    // See storeAuthToken.
  }
}
