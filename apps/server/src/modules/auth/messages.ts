// What the account endpoints answer, word for word.
export const MESSAGES = {
  emailTaken: 'An account with this email address already exists. Please log in or reset your password.',
  invalidCredentials: 'The email address or password is not correct.',
  disabled: 'This account has been disabled. Please contact support.',
  wrongPassword: 'Your current password is not correct.',
  wrongConfirmation: 'The password is not correct.',
  invalidVerifyLink: 'This verification link is invalid or has expired. Please request a new one.',
  invalidResetLink: 'This reset link is invalid or has expired. Please request a new one.',
  verified: 'Your email address is verified. Thank you!',
  resendSent: 'If that address belongs to an account that still needs confirming, a new link is on its way.',
  forgotSent: 'If an account exists for that address, we have sent a link to reset its password.',
  passwordChanged: 'Your password was changed. Your other sessions were signed out.',
  passwordReset: 'Your password was reset. Please log in with your new password.',
  loggedOut: 'You are logged out.',
  sessionEnded: 'That session was signed out.',
  sessionNotFound: 'That session does not exist or has already ended.',
  accountDeleted: 'Your account and its personal data were deleted.',
} as const;
