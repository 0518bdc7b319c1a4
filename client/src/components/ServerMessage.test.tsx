import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ServerMessage, safeHref } from './ServerMessage';

describe('a server message is rendered safely', () => {
  it('keeps a link with its relative href and text', () => {
    const { container } = renderWithProviders(
      <ServerMessage
        message={
          'Your subscription has expired. Please <a href="/contact">contact the Sales Team</a> to renew.'
        }
      />,
    );
    const link = screen.getByRole('link', { name: 'contact the Sales Team' });
    expect(link.getAttribute('href')).toBe('/contact');
    expect(link.getAttribute('target')).toBeNull();
    expect(container.textContent).toBe(
      'Your subscription has expired. Please contact the Sales Team to renew.',
    );
  });

  it('keeps an https link', () => {
    renderWithProviders(<ServerMessage message={'See <a href="https://insight.example/help">help</a>'} />);
    expect(screen.getByRole('link', { name: 'help' }).getAttribute('href')).toBe(
      'https://insight.example/help',
    );
  });

  it('drops a script element and its code', () => {
    const { container } = renderWithProviders(
      <ServerMessage message={'Wrong email<script>window.hacked = 1</script> or password'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('Wrong email or password');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('drops an image with an onerror handler', () => {
    const { container } = renderWithProviders(
      <ServerMessage message={'Denied <img src="x" onerror="window.hacked = 2">now'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.textContent).toBe('Denied now');
  });

  it('turns a javascript: link into plain text', () => {
    const { container } = renderWithProviders(
      <ServerMessage message={'<a href="javascript:alert(1)">click me</a>'} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toBe('click me');
  });

  it('drops attributes of kept links other than href', () => {
    renderWithProviders(
      <ServerMessage
        message={'<a href="/contact" onclick="steal()" style="color:red" target="_blank">contact</a>'}
      />,
    );
    const link = screen.getByRole('link', { name: 'contact' });
    expect(link.getAttribute('onclick')).toBeNull();
    expect(link.getAttribute('target')).toBeNull();
  });

  it('unwraps other markup and keeps its text', () => {
    const { container } = render(<ServerMessage message={'<b>Too many</b> attempts &amp; more'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('Too many attempts & more');
  });

  it('shows plain text as it is', () => {
    const { container } = render(<ServerMessage message="Wrong email or password" />);
    expect(container.textContent).toBe('Wrong email or password');
  });
});

describe('which hrefs are kept', () => {
  it.each([
    ['/contact', '/contact'],
    ['contact', 'contact'],
    ['https://insight.example/a', 'https://insight.example/a'],
    ['http://insight.example/a', 'http://insight.example/a'],
    ['javascript:alert(1)', null],
    [' JavaScript:alert(1)', null],
    ['data:text/html,<script>1</script>', null],
    ['vbscript:msgbox', null],
    ['mailto:sales@insight.example', null],
    ['', null],
  ])('%s → %s', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});
