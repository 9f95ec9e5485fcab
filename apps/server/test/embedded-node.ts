import { expect } from 'vitest';

/**
 * An embedded MapleSource node run as its own process (the repository's server or a release bundle's bin/start),
 * for the tests of decision 318's backup and restore.
 */
const H = { role: 'buyer', 'content-type': 'application/json' };

/** The settings of this environment that would decide for the child: the test runs the embedded default. */
export function embeddedNodeEnv(dataDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (
      value !== undefined &&
      !['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'PORT', 'PUBLIC_URL'].includes(name)
    )
      env[name] = value;
  return {
    ...env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED: 'never',
    SERVICES: 'buyer',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
  };
}

/** Signs a buyer up on a node run with NODE_ENV=test (its dev outbox gives the code); answers the session cookie. */
export async function signUpOn(origin: string): Promise<string> {
  const phoneNumber = '+14165550318';
  const otp = await fetch(`${origin}/api/v1/auth/send-otp`, {
    method: 'POST',
    headers: H,
    body: JSON.stringify({ phoneNumber }),
  });
  expect(otp.status).toBe(200);
  const outbox = (await (
    await fetch(`${origin}/api/v1/dev/outbox?to=${encodeURIComponent(phoneNumber)}`)
  ).json()) as { messages: Array<{ code: string }> };
  const signup = await fetch(`${origin}/api/v1/auth/signup`, {
    method: 'POST',
    headers: H,
    body: JSON.stringify({
      fullName: 'Bea Backup',
      email: 'backup@example.ca',
      phoneNumber,
      otp: outbox.messages[0]!.code,
      password: 'Backup#318x',
      province: 'ON',
    }),
  });
  expect(signup.status).toBe(201);
  return signup.headers.get('set-cookie')!.split(';')[0]!;
}
