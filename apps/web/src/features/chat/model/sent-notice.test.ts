import { describe, expect, it } from 'vitest';
import { announcesSent, sentNoticeQuietMs } from './sent-notice';

describe('announcesSent', () => {
  it('announces the first acknowledged send', () => {
    expect(announcesSent(null, 1_000)).toBe(true);
  });

  it('stays quiet during a burst and speaks again after 10 s without a send', () => {
    expect(announcesSent(1_000, 1_000 + 2_000)).toBe(false);
    expect(announcesSent(1_000, 1_000 + sentNoticeQuietMs - 1)).toBe(false);
    expect(announcesSent(1_000, 1_000 + sentNoticeQuietMs)).toBe(true);
  });
});
