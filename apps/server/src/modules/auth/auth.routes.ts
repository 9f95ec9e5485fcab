import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
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
import { AppError } from '../../plugins/errors';

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  acceptLanguage: request.headers['accept-language'],
});

/** Spec §7 Auth calls under /api/v1/auth. Form bodies: URL-encoded, multipart or JSON. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
      config: { formBody: true },
      schema: { tags: ['auth'], body: signupRequestSchema, response: { 201: authUserResponseSchema } },
    },
    async (request, reply) => {
      const { user, token } = await auth.signup(request.body, meta(request));
      app.setSessionCookie(reply, token);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/login',
    {
      config: { formBody: true },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: authUserResponseSchema } },
    },
    async (request, reply) => {
      try {
        const { user, token } = await auth.login(request.body, meta(request));
        if (request.user) await sessions.revoke(request.user.sessionId);
        app.setSessionCookie(reply, token);
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
    async (request) => auth.changePassword(request.user!.id, request.user!.sessionId, request.body),
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
    { schema: { tags: ['auth'], body: resetPasswordRequestSchema, response: { 200: okResponseSchema } } },
    async (request, reply) => {
      const result = await auth.resetPassword(request.body);
      app.clearSessionCookie(reply);
      return result;
    },
  );
};
