import { describe, expect, it } from 'vitest';
import { emailProblem } from './email';

describe('what is wrong with a typed email address', () => {
  it('says nothing of a good address or an empty field', () => {
    expect(emailProblem('ana@example.ro')).toBeNull();
    expect(emailProblem('  ana@example.ro ')).toBeNull();
    expect(emailProblem('   ')).toBeNull();
  });

  it('names the likeliest mistake: no @, nothing before it, no domain after it (or one without its dot), a space', () => {
    expect(emailProblem('ana.example.ro')).toBe('noAt');
    expect(emailProblem('@example.ro')).toBe('noName');
    expect(emailProblem('ana@')).toBe('noDomain');
    expect(emailProblem('ana@gmail')).toBe('noDomain');
    expect(emailProblem('ana @example.ro')).toBe('spaces');
    expect(emailProblem('ana@ex@ample.ro')).toBe('invalid');
  });
});
