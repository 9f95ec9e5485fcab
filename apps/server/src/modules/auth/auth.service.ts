import type { AuthDeps } from './auth.types';
import { changePassword } from './operations/change-password';
import { confirmPassword } from './operations/confirm-password';
import { issueResetToken } from './operations/issue-reset-token';
import { logIn } from './operations/log-in';
import { requestEmailVerification } from './operations/request-email-verification';
import { resetPassword } from './operations/reset-password';
import { sendAttackMail } from './operations/send-attack-mail';
import { sendResetOtp } from './operations/send-reset-otp';
import { sendSignupOtp } from './operations/send-signup-otp';
import { signUp } from './operations/sign-up';
import { verifyEmail } from './operations/verify-email';

export type { AuthDeps, AuthIpLimits, RequestMeta } from './auth.types';
export { authPolicy } from './auth.policy';
export { attackMail, attackMailJobName, attackMailJobSchema, type AttackMailJob } from './auth.mails';

/**
 * Accounts' credentials (`app.auth.auth`): sign-up behind a phone code, login behind the lockouts of decision
 * 245, e-mail verification links, and password change, confirmation and reset. Each method is one file in
 * `operations/` (decision 310's Drizzle style, like the orders module's split); each gets the module's other
 * services, the app's ports and the per-IP ceilings it needs.
 */
export function createAuthService(deps: AuthDeps) {
  return {
    sendSignupOtp: sendSignupOtp.bind(null, deps),
    signup: signUp.bind(null, deps),
    login: logIn.bind(null, deps),
    sendAttackMail: sendAttackMail.bind(null, deps),
    requestEmailVerification: requestEmailVerification.bind(null, deps),
    verifyEmail: verifyEmail.bind(null, deps),
    changePassword: changePassword.bind(null, deps),
    confirmPassword: confirmPassword.bind(null, deps),
    forgotPasswordOtp: sendResetOtp.bind(null, deps),
    forgotPasswordToken: issueResetToken.bind(null, deps),
    resetPassword: resetPassword.bind(null, deps),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
