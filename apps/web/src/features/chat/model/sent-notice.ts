/**
 * "Message sent" (docs/product.md §8 success messages) is said once per burst of sends, not for each message of a fast
 * conversation: an acknowledged send is announced only when no send was acknowledged in the `quietMs` before
 * it (decision 252). Pure, so the rule is tested.
 */
export const sentNoticeQuietMs = 10_000;

export function announcesSent(lastAckAt: number | null, now: number, quietMs = sentNoticeQuietMs): boolean {
  return lastAckAt === null || now - lastAckAt >= quietMs;
}
