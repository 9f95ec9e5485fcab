import { sql } from 'drizzle-orm';
import type { BlogCard } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import type { ResolvedQuery, SearchFeed } from '../catalog';
import { blogCardColumns, blogRows, toBlogCard } from './blogs.present';

interface HeldPost {
  card: BlogCard;
  /** published_at, µs since the epoch: the order (DESC, then id DESC) and when the post becomes public. */
  publishedUs: number;
  id: number;
  lexemes: ReadonlySet<string>;
}

/**
 * The blog posts held in memory for the grouped search (decision 334): the content module's part of the catalogue's
 * in-process index. A few dozen rows whose every change moves the catalogue version (migration 0291), so each feed
 * read takes them all again (no cursor). A search answers what `searchBlogs` answers in SQL: the posts published by
 * now whose `search_doc` lexemes (PostgreSQL's own, `tsvector_to_array`) hold every group of the resolved text — an
 * exact lexeme of the group, or one starting with its prefix — newest first.
 */
export class BlogSearchIndex implements SearchFeed {
  private posts: HeldPost[] = [];
  private built = false;

  get ready(): boolean {
    return this.built;
  }

  get size(): number {
    return this.posts.length;
  }

  async build(db: Db): Promise<void> {
    const found = await blogRows(
      db,
      sql`SELECT ${blogCardColumns}, (extract(epoch FROM published_at) * 1000000)::float8 AS published_us,
            array_to_string(tsvector_to_array(search_doc), ' ') AS words
          FROM blogs WHERE published_at IS NOT NULL`,
    );
    this.posts = found
      .map((row) => ({
        card: toBlogCard(row),
        publishedUs: Number(row.published_us),
        id: Number(row.id),
        lexemes: new Set(row.words ? String(row.words).split(' ') : []),
      }))
      .sort((a, b) => b.publishedUs - a.publishedUs || b.id - a.id);
    this.built = true;
  }

  update(db: Db): Promise<void> {
    return this.build(db);
  }

  clear(): void {
    this.built = false;
    this.posts = [];
  }

  /** The first `limit` posts published by `nowUs` matching every group (none for text with nothing searchable). */
  search(
    resolved: Pick<ResolvedQuery, 'tsquery' | 'groups'> | null,
    limit: number,
    nowUs = Date.now() * 1000,
  ): BlogCard[] {
    if (!resolved?.tsquery || resolved.groups.length === 0) return [];
    const out: BlogCard[] = [];
    for (const post of this.posts) {
      if (out.length >= limit) break;
      if (post.publishedUs > nowUs) continue;
      const matches = resolved.groups.every((group) => {
        if ('lexemes' in group) return group.lexemes.some((lexeme) => post.lexemes.has(lexeme));
        for (const lexeme of post.lexemes) if (lexeme.startsWith(group.prefix)) return true;
        return false;
      });
      if (matches) out.push(post.card);
    }
    return out;
  }
}
