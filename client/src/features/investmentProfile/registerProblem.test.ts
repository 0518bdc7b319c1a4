import { messages } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import { registerProblem } from './NewProfilePage';

const valid = {
  first_name: 'Value',
  last_name: 'Hunter',
  email: 'value@insight.test',
  password: 'Value1234',
};

describe('registering a profile (spec 000 §5)', () => {
  it.each([
    ['a valid form', {}, null],
    ['a 100-character first name', { first_name: 'a'.repeat(100) }, null],
    [
      'a 101-character last name',
      { last_name: 'a'.repeat(101) },
      'Last name must be at most 100 characters.',
    ],
    ['an e-mail with spaces around it', { email: '  value@insight.test ' }, null],
    ['no first name', { first_name: ' ' }, 'First name is required'],
    ['a password without a digit', { password: 'ValueHunter' }, messages.password.rule],
    ['a password over 20 characters', { password: 'Value1234'.repeat(3) }, messages.password.tooLong],
  ])('%s', (_case, change, problem) => {
    expect(registerProblem({ ...valid, ...change })).toBe(problem);
  });

  it('refuses an invalid e-mail', () => {
    expect(registerProblem({ ...valid, email: 'value@' })).not.toBeNull();
  });
});
