/** Spec 9: the password minimum, enforced by the form and by the server. */
export const PASSWORD_MIN_LENGTH = 6;

export const ACCOUNT_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  fieldsRequired: 'Please fill in all fields',
  unexpected: 'An unexpected error occurred. Please try again.',
  signUpSuccess: 'Account created successfully! Redirecting...',
  signInSuccess: 'Login successful! Redirecting...',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** Spec 4: the pause after a successful sign-in or sign-up before going to /. */
export const REDIRECT_DELAY_MS = 1000;

/** The sign-in form's own check (spec 5: all fields required); null when the server may be asked. */
export function signInProblem(email: string, password: string): string | null {
  return !email.trim() || !password ? ACCOUNT_MESSAGES.fieldsRequired : null;
}

/** The sign-up form's own checks, in the spec's order; null when the server may be asked. */
export function signUpProblem(email: string, password: string, confirmPassword: string): string | null {
  if (signInProblem(email, password) || !confirmPassword) return ACCOUNT_MESSAGES.fieldsRequired;
  if (password !== confirmPassword) return ACCOUNT_MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  return null;
}
