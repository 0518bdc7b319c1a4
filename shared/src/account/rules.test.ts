import { describe, expect, it } from 'vitest';
import { messages } from '../common/messages';
import { isStrongPassword, isValidEmail, loginProblem, newPasswordProblem } from './rules';
import { emailField, registerProfileBodySchema, signupBodySchema } from './schemas';

describe('the shared password rule (spec 000 §5): 8+ characters, a lowercase, an uppercase, a digit', () => {
  it.each([
    ['Abcdefg1', true],
    ['Passw0rd', true],
    ['Abcdef1', false], // 7 characters
    ['abcdefg1', false], // no uppercase
    ['ABCDEFG1', false], // no lowercase
    ['Abcdefgh', false], // no digit
    ['', false],
    ['Ünïcödé1a', true],
  ])('%s → %s', (password, ok) => {
    expect(isStrongPassword(password)).toBe(ok);
  });
});

describe('a new password with its confirmation', () => {
  it.each([
    ['Abcdefg1', 'Abcdefg1', null],
    ['Abcdefg1', 'Abcdefg2', messages.password.mismatch],
    ['weak', 'weak', messages.password.rule],
    ['Abcdefg1' + 'x'.repeat(13), undefined, messages.password.tooLong], // 21 characters
    ['Abcdefg1' + 'x'.repeat(12), undefined, null], // 20 characters
  ])('%s / %s → %s', (password, confirm, expected) => {
    expect(newPasswordProblem(password, confirm)).toBe(expected);
  });

  it('spells the rule correctly ("characters", not the spec’s "charecters")', () => {
    expect(messages.password.rule).toBe(
      'Password must be at least 8 characters, include both lower and upper case letters and at least one number.',
    );
  });
});

describe('the login form (spec 000 §5)', () => {
  it.each([
    ['', '', messages.login.emailAndPasswordRequired],
    ['a@b.co', '', messages.login.emailAndPasswordRequired],
    ['', 'secret', messages.login.emailAndPasswordRequired],
    ['not-an-email', 'secret', messages.login.invalidEmail],
    ['a@b', 'secret', messages.login.invalidEmail],
    [' demo@insight.test ', 'secret', null],
  ])('%j / %j → %s', (email, password, expected) => {
    expect(loginProblem(email, password)).toBe(expected);
  });
});

describe('e-mail addresses', () => {
  it.each([
    ['demo@insight.test', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['no-at-sign.test', false],
    ['two@@ats.test', false],
    ['spa ce@x.test', false],
    [`${'a'.repeat(95)}@x.test`, false], // over 100 characters
  ])('%s → %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });

  it('are trimmed and lower-cased by the schema', () => {
    expect(emailField.parse('  Demo@Insight.TEST ')).toBe('demo@insight.test');
  });
});

describe('registering a profile (names and e-mail up to 100, password rule up to 20)', () => {
  const valid = { first_name: 'Ann', last_name: 'Lee', email: 'ann@lee.test', password: 'Abcdefg1' };
  it.each([
    [{}, true],
    [{ first_name: 'x'.repeat(100) }, true],
    [{ first_name: 'x'.repeat(101) }, false],
    [{ last_name: '  ' }, false],
    [{ email: 'ann' }, false],
    [{ password: 'abcdefg1' }, false],
    [{ password: 'Abcdefg1' + 'x'.repeat(13) }, false],
  ])('%j → valid %s', (overrides, ok) => {
    expect(registerProfileBodySchema.safeParse({ ...valid, ...overrides }).success).toBe(ok);
  });

  it('sign-up uses the same rules', () => {
    const result = signupBodySchema.safeParse({ signupData: { ...valid, password: 'short' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.password.rule);
  });
});
