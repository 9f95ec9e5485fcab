import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('env', () => {
  it('defaults every base URL to same origin', () => {
    expect(parseEnv({})).toEqual({ VITE_BUYER_API_URL: '', VITE_CHAT_API_URL: '', VITE_PAYMENT_API_URL: '' });
  });
  it('accepts http(s) URLs and strips trailing slashes', () => {
    expect(parseEnv({ VITE_CHAT_API_URL: ' https://chat.example.ca/ ' }).VITE_CHAT_API_URL).toBe(
      'https://chat.example.ca',
    );
  });
  it('rejects anything else', () => {
    expect(() => parseEnv({ VITE_PAYMENT_API_URL: 'ftp://x' })).toThrow(/Invalid web environment/);
  });
});
