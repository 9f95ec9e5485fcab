/**
 * A small LRU with a time-to-live for rendered page heads, so the shell route stays fast. The content plugin
 * owns its app's cache and clears it when something a head shows changes (admin edits, events).
 */
export class HeadCache<V = string> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly max = 500,
    private readonly ttlMs = 30_000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // refresh recency
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
