import { Link } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

/**
 * Renders a message from the server safely. Spec 000 §8 shows a login failure "as HTML if it
 * contains a link", so links survive: an `<a>` keeps its text and its href when the href is a
 * relative path or an http(s) address. Everything else is reduced to its text, and elements that
 * only carry code or media (script, style, img, iframe…) are dropped with their content. No HTML
 * string reaches the DOM: the message is parsed inert by DOMParser and rebuilt as React elements.
 */
export function ServerMessage({ message }: { message: string }) {
  return <>{toSafeNodes(message)}</>;
}

/** Elements whose content is never text for the reader. */
const dropped = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'svg',
  'math',
  'canvas',
  'link',
  'meta',
  'base',
  'head',
  'title',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
]);

/** Elements that end a line of text. */
const breaking = new Set(['br', 'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function toSafeNodes(message: string): ReactNode[] {
  if (!/[<&]/.test(message)) return [message];
  const document = new DOMParser().parseFromString(message, 'text/html');
  return convert(document.body.childNodes, 'm');
}

/** The href to keep, or null: only relative references and http(s) addresses. */
export function safeHref(raw: string | null): string | null {
  if (raw === null) return null;
  const href = raw.trim();
  if (href === '') return null;
  try {
    const base = window.location.origin;
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // A scheme-less href is relative to this page; anything with a scheme must be http(s) itself.
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
    if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
    return href;
  } catch {
    return null;
  }
}

function convert(nodes: NodeListOf<ChildNode>, keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, index) => {
    const key = `${keyPrefix}.${index}`;
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return; // comments, processing instructions
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (dropped.has(tag)) return;
    if (tag === 'br') {
      out.push(<br key={key} />);
      return;
    }
    const children = convert(element.childNodes, key);
    if (tag === 'a') {
      const href = safeHref(element.getAttribute('href'));
      out.push(
        href === null ? (
          <Fragment key={key}>{children}</Fragment>
        ) : (
          <Link key={key} href={href} color="brand.fg" textDecoration="underline" fontWeight="medium">
            {children}
          </Link>
        ),
      );
      return;
    }
    out.push(<Fragment key={key}>{children}</Fragment>);
    if (breaking.has(tag) && index < nodes.length - 1) out.push(<br key={`${key}.br`} />);
  });
  return out;
}
