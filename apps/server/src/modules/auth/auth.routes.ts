import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authUserResponseSchema,
  changePasswordRequestSchema,
  emailVerificationLinkRequestSchema,
  forgotPasswordOtpRequestSchema,
  forgotPasswordTokenRequestSchema,
  forgotPasswordTokenResponseSchema,
  limits,
  loginRequestSchema,
  okResponseSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  sendOtpResponseSchema,
  signupRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@maplesource/contracts';
import { secureCookiesFor } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { KNOWN_DEVICE_TTL_MS } from './known-devices';

/** The known-device cookie (decision 245); `__Host-` on https, like the session cookie. */
export const DEVICE_COOKIE = 'ms_device';
export const deviceCookieName = (secure: boolean) => (secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE);

/** docs/product.md §7 Auth calls under /api/v1/auth. Form bodies: URL-encoded, multipart or JSON. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = secureCookiesFor(app.config.PUBLIC_URL);
  const deviceCookie = deviceCookieName(secure);

  /** The known-device token, when the request carries a cookie signed by this server (COOKIE_SECRET). */
  const deviceTokenOf = (request: FastifyRequest): string | undefined => {
    const raw = request.cookies[deviceCookie];
    if (!raw || raw.length > 300) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? unsigned.value : undefined;
  };
  const setDeviceCookie = (reply: FastifyReply, token: string) => {
    reply.setCookie(deviceCookie, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      maxAge: Math.floor(KNOWN_DEVICE_TTL_MS / 1000),
    });
  };
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    acceptLanguage: request.headers['accept-language'],
    deviceToken: deviceTokenOf(request),
  });

  // Multipart form bodies for these routes only (fields become plain values; no files expected).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: limits.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  const { auth, users, sessions } = app.auth;

  app.post(
    '/send-otp',
    { schema: { tags: ['auth'], body: sendOtpRequestSchema, response: { 200: sendOtpResponseSchema } } },
    async (request) => auth.sendSignupOtp(request.body.phoneNumber, meta(request)),
  );

  app.post(
    '/signup',
    {
      // Sets the session cookie, which a replayed answer would not (decision 247).
      config: { formBody: true, idempotency: false },
      schema: { tags: ['auth'], body: signupRequestSchema, response: { 201: authUserResponseSchema } },
    },
    async (request, reply) => {
      const { user, token, deviceToken } = await auth.signup(request.body, meta(request));
      app.setSessionCookie(reply, token);
      setDeviceCookie(reply, deviceToken);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/login',
    {
      // Sets the session cookie, which a replayed answer would not (decision 247).
      config: { formBody: true, idempotency: false },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: authUserResponseSchema } },
    },
    async (request, reply) => {
      try {
        const { user, token, deviceToken } = await auth.login(request.body, meta(request));
        if (request.user) await sessions.revoke(request.user.sessionId);
        app.setSessionCookie(reply, token);
        setDeviceCookie(reply, deviceToken);
        return { user };
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, 'login failed unexpectedly');
        throw new AppError(500, 'LOGIN_FAILED', 'Login: some error occurred, try again later');
      }
    },
  );

  app.delete(
    '/logout',
    { schema: { tags: ['auth'], response: { 200: okResponseSchema } } },
    async (request, reply) => {
      if (request.user) await sessions.revoke(request.user.sessionId);
      app.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/verify-tokens',
    { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 200: authUserResponseSchema } } },
    async (request) => ({ user: await users.getProfile(request.user!.id) }),
  );

  app.post(
    '/email-verification-link',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        body: emailVerificationLinkRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => auth.requestEmailVerification(request.user!.id, request.body.email),
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request) => {
      const { userId } = await auth.verifyEmail(request.body?.token);
      const user = request.user?.id === userId ? await users.getProfile(userId) : null;
      return { status: 'verified' as const, user };
    },
  );

  app.post(
    '/change-password',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], body: changePasswordRequestSchema, response: { 200: okResponseSchema } },
    },
    async (request, reply) => {
      const { deviceToken } = await auth.changePassword(
        request.user!.id,
        request.user!.sessionId,
        request.body,
      );
      setDeviceCookie(reply, deviceToken);
      return { ok: true as const };
    },
  );

  app.post(
    '/forgot-password-otp',
    {
      schema: {
        tags: ['auth'],
        body: forgotPasswordOtpRequestSchema,
        response: { 200: sendOtpResponseSchema },
      },
    },
    async (request) => auth.forgotPasswordOtp(request.body.phoneNumber, meta(request)),
  );

  app.post(
    '/forgot-password-token',
    {
      schema: {
        tags: ['auth'],
        body: forgotPasswordTokenRequestSchema,
        response: { 200: forgotPasswordTokenResponseSchema },
      },
    },
    async (request) => auth.forgotPasswordToken(request.body.phoneNumber, request.body.otp),
  );

  app.post(
    '/reset-password',
    // Clears the session cookie, which a replayed answer would not (decision 247).
    {
      config: { idempotency: false },
      schema: { tags: ['auth'], body: resetPasswordRequestSchema, response: { 200: okResponseSchema } },
    },
    async (request, reply) => {
      const result = await auth.resetPassword(request.body);
      app.clearSessionCookie(reply);
      return result;
    },
  );
};
