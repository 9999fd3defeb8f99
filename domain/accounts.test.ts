import { describe, expect, it } from 'vitest';
import { signInProblem, signUpProblem } from './accounts';

describe('account form checks', () => {
  it('require every field', () => {
    expect(signInProblem('', 'secret123')).toBe('Please fill in all fields');
    expect(signInProblem('  ', 'secret123')).toBe('Please fill in all fields');
    expect(signInProblem('ana@example.ro', '')).toBe('Please fill in all fields');
    expect(signInProblem('ana@example.ro', 'x')).toBeNull();
    expect(signUpProblem('ana@example.ro', 'secret123', '')).toBe('Please fill in all fields');
  });

  it('check that the passwords match before their length, as the spec lists them', () => {
    expect(signUpProblem('ana@example.ro', 'abc', 'abd')).toBe('Passwords do not match');
    expect(signUpProblem('ana@example.ro', 'abc', 'abc')).toBe('Password must be at least 6 characters long');
    expect(signUpProblem('ana@example.ro', '12345', '12345')).toBe('Password must be at least 6 characters long');
    expect(signUpProblem('ana@example.ro', '123456', '123456')).toBeNull();
  });
});
