import { describe, expect, it } from 'vitest';
import { wordsOf } from '../testing/messages';
import { accountIssueMessage, newPasswordProblem, newPasswordRequestSchema, passwordResetRequestSchema, signInProblem, signInRequestSchema, signUpProblem, signUpRequestSchema } from './accounts';

describe('account form checks', () => {
  it('require every field', () => {
    expect(wordsOf(signInProblem('', 'secret123'))).toBe('Please fill in all fields');
    expect(wordsOf(signInProblem('  ', 'secret123'))).toBe('Please fill in all fields');
    expect(wordsOf(signInProblem('ana@example.ro', ''))).toBe('Please fill in all fields');
    expect(wordsOf(signInProblem('ana@example.ro', 'x'))).toBeNull();
    expect(wordsOf(signUpProblem('ana@example.ro', 'secret123', ''))).toBe('Please fill in all fields');
  });

  it('check that the passwords match before their length, as the spec lists them', () => {
    expect(wordsOf(signUpProblem('ana@example.ro', 'abc', 'abd'))).toBe('Passwords do not match');
    expect(wordsOf(signUpProblem('ana@example.ro', 'abc', 'abc'))).toBe('Password must be at least 6 characters long');
    expect(wordsOf(signUpProblem('ana@example.ro', '12345', '12345'))).toBe('Password must be at least 6 characters long');
    expect(wordsOf(signUpProblem('ana@example.ro', '123456', '123456'))).toBeNull();
    expect(wordsOf(signUpProblem(' ', '123456', '123456'))).toBe('Please fill in all fields');
  });

  it('check a new password typed twice on the reset page the same way', () => {
    expect(wordsOf(newPasswordProblem('', 'secret123'))).toBe('Please fill in all fields');
    expect(wordsOf(newPasswordProblem('secret123', ''))).toBe('Please fill in all fields');
    expect(wordsOf(newPasswordProblem('secret123', 'secret124'))).toBe('Passwords do not match');
    expect(wordsOf(newPasswordProblem('12345', '12345'))).toBe('Password must be at least 6 characters long');
    expect(wordsOf(newPasswordProblem('123456', '123456'))).toBeNull();
  });
});

/** The first issue's message, as the API answers it in English. */
const issue = (issue: Parameters<typeof accountIssueMessage>[0]) => wordsOf(accountIssueMessage(issue));
const first = (result: { error?: { issues: Parameters<typeof accountIssueMessage>[0][] } }) => issue(result.error?.issues[0]);

describe('password reset requests', () => {
  it('need a valid address, and a token with a password of sane length', () => {
    expect(passwordResetRequestSchema.safeParse({ email: 'ana@example.ro' }).success).toBe(true);
    expect(issue(passwordResetRequestSchema.safeParse({ email: 'ana' }).error?.issues[0])).toBe('Enter a valid email address, like name@example.com.');
    expect(newPasswordRequestSchema.safeParse({ token: 'abc', newPassword: 'secret123' }).success).toBe(true);
    expect(issue(newPasswordRequestSchema.safeParse({ newPassword: 'secret123' }).error?.issues[0])).toBe('The link is required.');
    expect(issue(newPasswordRequestSchema.safeParse({ token: 'abc', newPassword: 'x'.repeat(129) }).error?.issues[0])).toBe('New password is too long (at most 128 characters).');
  });
});

describe('sign-in and sign-up requests (checked before better-auth sees them)', () => {
  it('pass ordinary credentials through, with any other field', () => {
    expect(signInRequestSchema.parse({ email: 'ana@example.ro', password: 'secret123', rememberMe: true })).toMatchObject({ rememberMe: true });
    expect(signUpRequestSchema.safeParse({ email: 'ana@example.ro', password: 'secret123', name: 'ana' }).success).toBe(true);
  });

  it.each([
    [{ password: 'secret123' }, 'Email is required.'],
    [{ email: 5, password: 'secret123' }, 'Email must be text.'],
    [{ email: 'ana\u0000@example.ro', password: 'secret123' }, 'Email must not contain control characters.'],
    [{ email: 'ana@example.ro', password: 'sec\u001bret' }, 'Password must not contain control characters.'],
    [{ email: 'ana@example.ro', password: 'x'.repeat(129) }, 'Password is too long (at most 128 characters).'],
    [{ email: 'ana@example.ro', password: '' }, 'Password is required.'],
  ])('refuse %j', (body, message) => {
    expect(first(signInRequestSchema.safeParse(body))).toBe(message);
  });

  it('refuse a name with a control character, or a body that is not an object', () => {
    expect(first(signUpRequestSchema.safeParse({ email: 'a@b.ro', password: 'secret123', name: 'A\u0000' }))).toBe('Name must not contain control characters.');
    expect(first(signUpRequestSchema.safeParse([]))).toBe('The request body must be a JSON object.');
  });
});
