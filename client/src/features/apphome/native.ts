import type { NativeAppMessage } from '@insight/shared/apps/schemas';

interface NativeBridge {
  postMessage(message: string): void;
}

/**
 * Tells the native app something (README "Mobile web view messages"): as a JSON string through
 * `window.ReactNativeWebView.postMessage` inside the app's web view; in a browser frame, to the parent
 * window as an object. Outside either, nothing listens and nothing is sent.
 */
export function postToNative(message: NativeAppMessage): void {
  const bridge = (window as Window & { ReactNativeWebView?: NativeBridge }).ReactNativeWebView;
  if (bridge && typeof bridge.postMessage === 'function') {
    bridge.postMessage(JSON.stringify(message));
    return;
  }
  if (window.parent !== window) window.parent.postMessage(message, '*');
}
