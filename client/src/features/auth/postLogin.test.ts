import { describe, expect, it } from 'vitest';
import { loginPathFor, postLoginPath, safeRedirect } from './postLogin';

describe('post-login routing (spec 000 §2)', () => {
  it.each([
    ['profile', '/stock/AAPL', '/investment-profile'],
    ['profile', null, '/investment-profile'],
    ['user', '/investment-profile', '/?tab=6'],
    ['user', '/investment-profile?x=1', '/?tab=6'],
    ['user', '/stock/AAPL', '/stock/AAPL'],
    ['user', '/?tab=0', '/?tab=0'],
    ['user', null, '/'],
    ['user', '', '/'],
    ['user', 'https://evil.example/', '/'],
    ['user', '//evil.example/path', '/'],
    ['user', '/\\evil.example', '/'],
    ['user', 'javascript:alert(1)', '/'],
    ['user', '/login?redirect=/profile', '/'],
  ] as const)('a %s account headed for %s lands on %s', (accountType, redirect, expected) => {
    expect(postLoginPath({ account_type: accountType }, redirect)).toBe(expected);
  });
});

describe('safe redirect', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeRedirect('/manage/accounts?page=2')).toBe('/manage/accounts?page=2');
  });

  it('drops paths with control characters', () => {
    expect(safeRedirect('/\tevil')).toBeNull();
  });
});

describe('the login path for a visitor without a session', () => {
  it('carries the page they asked for, query included', () => {
    expect(loginPathFor('/stock/AAPL', '?range=3')).toBe('/login?redirect=%2Fstock%2FAAPL%3Frange%3D3');
  });

  it('needs no redirect for the home page', () => {
    expect(loginPathFor('/', '')).toBe('/login');
  });
});
