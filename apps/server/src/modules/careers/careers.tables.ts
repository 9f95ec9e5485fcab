import { bigint, integer, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Applications (migration 0500): one per account; `search_doc` (generated, EN + FR) is queried in SQL only. */
export const careerApplications = pgTable('career_applications', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull().unique(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  jobCategory: text('job_category').notNull(),
  street: text('street').notNull(),
  province: text('province').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  coverLetter: text('cover_letter').notNull().default(''),
  resumeKey: text('resume_key').notNull(),
  resumeFilename: text('resume_filename').notNull(),
  resumeContentType: text('resume_content_type').notNull(),
  resumeBytes: integer('resume_bytes').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  emailTokenHash: text('email_token_hash').unique(),
  emailTokenExpiresAt: timestamp('email_token_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Every opening of a résumé by an employer (who, when): the applicant sees them. */
export const careerResumeViews = pgTable(
  'career_resume_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    applicationId: uuid('application_id').notNull(),
    viewerUserId: uuid('viewer_user_id'),
    viewerName: text('viewer_name').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('career_resume_views_application_idx').on(table.applicationId, table.viewedAt)],
);
