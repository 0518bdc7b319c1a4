/**
 * User-facing texts of the spec, written once. Evident misspellings of the spec are corrected
 * ("charecters", "updateing", "allready", ...); wire names elsewhere stay as the spec spells them.
 */
export const messages = {
  login: {
    emailAndPasswordRequired: 'Please enter a valid email and password',
    invalidEmail: 'Please enter a valid email',
    wrongCredentials: 'Wrong email or password',
    invalidToken: 'Your saved sign-in has expired. Please sign in again.',
    invalidAppId: 'This app id is not linked to an account.',
    accountExpired:
      'Your subscription has expired. Please <a href="/contact">contact the Sales Team</a> to renew your access.',
    throttledAccount: (minutes: number) =>
      `Too many failed sign-in attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    throttledAddress: (minutes: number) =>
      `Too many failed sign-in attempts from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    registeredByEmail:
      'Thank you for registering to insight. Your email is confirmed. You may now login with email and password to use the service.',
  },
  forgotPassword: {
    invalidEmail: 'Please enter a valid email.',
    sent: 'Password Reset Email was sent, Please go to your inbox.',
  },
  password: {
    rule: 'Password must be at least 8 characters, include both lower and upper case letters and at least one number.',
    mismatch: 'New password does not match confirm',
    mismatchInline: 'Passwords do not match',
    tooLong: 'Password must be at most 20 characters.',
    saved: 'New password saved',
    currentWrong: 'Current password is incorrect.',
    resetDone: 'Password updated successfully',
    resetFailed: 'Error updating password. Please contact support',
    resetCodeInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  },
  nickname: {
    saved: 'Display Name updated',
    failed: 'Something went wrong... Please try again.',
    required: 'Please enter a display name',
    tooLong: 'Display name must be at most 100 characters.',
  },
  register: {
    created: 'User created successfully',
    taken: 'Profile not created. make sure name or email are not already taken',
    failed: 'Failed to create user',
  },
  session: {
    required: 'Please sign in to continue.',
    forbidden: 'You do not have permission to do this.',
    crossSite: 'This change must be made from Insight itself, not from another site.',
    jsonOnly: 'The request body must be JSON (Content-Type: application/json).',
  },
  idempotency: {
    badKey: 'Idempotency-Key must be 1 to 200 visible ASCII characters.',
    otherRequest: 'This Idempotency-Key was already used for a different request.',
    underWay: 'A request with this Idempotency-Key is still under way. Please retry in a moment.',
  },
  server: {
    internal: 'Something went wrong on our side. Please try again.',
    notFound: 'Not found',
    uriTooLong: 'The address of this request is too long.',
    badRequest: 'The request could not be read.',
  },
} as const;

/** Spec 001 §8 and 002 §8: the report requests' success messages. */
export const reportMessages = {
  requestReceived:
    'Your request was received, please note that this process may take up to one hour to complete.',
  requestSent: 'The report request was successfully sent.',
  sentByEmail: 'file will be sent by email',
  /** The note for a report without a recipient (spec 001 §8: "whether the file is downloaded or mailed"). */
  downloadInMyReports: 'file will be ready to download in My reports',
} as const;
