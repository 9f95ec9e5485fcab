import { sendVerificationMail } from '../../plugins/mail-layout';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import {
  careerApplicationInputSchema,
  jobCategorySchema,
  provinceCodeSchema,
  resumeAcceptedTypes,
  type CareerApplication,
  type CareerApplicationInput,
  type CareerPrefill,
  type TextLanguage,
  type ResumeSearchItem,
  type ResumeSearchFilters,
  type ResumeSearchResponse,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import type { MailProvider } from '../../plugins/messaging';
import type { FileStorage } from '../../plugins/storage';
import type { AccountsService } from '../accounts';
import type { AuthServices } from '../auth';
import { careerApplications, careerResumeViews } from './careers.tables';
import { prepareResume } from './resume-check';

/** A verification link is valid for 24 hours (decision 092). */
const verificationLifetimeMs = 24 * 60 * 60 * 1000;

export interface ResumeUpload {
  data: Buffer;
  filename: string;
}

export interface ResumeDownload {
  key: string;
  filename: string;
}

type ApplicationRow = typeof careerApplications.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The file name a download carries: the uploaded name's safe part, with the extension its bytes earned. */
function downloadName(original: string, extension: string): string {
  const base = original
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 100);
  return `${base || 'resume'}.${extension}`;
}

function toApplication(row: ApplicationRow, views: CareerApplication['views']): CareerApplication {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    phoneNumber: row.phoneNumber,
    jobCategory: jobCategorySchema.parse(row.jobCategory),
    street: row.street,
    province: provinceCodeSchema.parse(row.province),
    city: row.city,
    postalCode: row.postalCode,
    coverLetter: row.coverLetter,
    resume: {
      filename: row.resumeFilename,
      contentType: resumeContentType(row.resumeContentType),
      bytes: row.resumeBytes,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    views,
  };
}

function resumeContentType(value: string): (typeof resumeAcceptedTypes)[number] {
  const found = resumeAcceptedTypes.find((type) => type === value);
  if (!found) throw new Error(`unexpected résumé type ${value}`);
  return found;
}

function toSearchItem(row: ApplicationRow): ResumeSearchItem {
  const {
    views: _views,
    street: _s,
    postalCode: _p,
    emailVerified: _e,
    updatedAt: _u,
    ...rest
  } = toApplication(row, []);
  return rest;
}

export interface CareersDeps {
  auth: AuthServices;
  accounts: AccountsService;
  storage: FileStorage;
  mail: MailProvider;
  publicUrl: string;
}

const verificationMail: Record<TextLanguage, { subject: string; body: (link: string) => string }> = {
  en: {
    subject: 'Confirm your career application e-mail — MapleSource',
    body: (link) =>
      `Open this link to confirm the e-mail of your MapleSource career application (valid 24 hours):\n${link}`,
  },
  fr: {
    subject: 'Confirmez le courriel de votre candidature — MapleSource',
    body: (link) =>
      `Ouvrez ce lien pour confirmer le courriel de votre candidature MapleSource (valide 24 heures) :\n${link}`,
  },
};

/**
 * Careers: an applicant's one application and its private résumé, the application's e-mail
 * verification by link, and the résumé database for verified premium employers, whose every résumé view is logged.
 */
export function createCareersService(deps: CareersDeps) {
  const { auth, accounts, storage, mail, publicUrl } = deps;

  async function storeResume(upload: ResumeUpload) {
    const { data, contentType, extension } = await prepareResume(upload.data);
    const key = `resumes/${randomUUID()}.${extension}`;
    await storage.put(key, data, { visibility: 'private', contentType });
    return {
      resumeKey: key,
      resumeFilename: downloadName(upload.filename, extension),
      resumeContentType: contentType,
      resumeBytes: data.length,
    };
  }

  /** The application e-mail's verification link, in the applicant's language (decision 210). */
  async function sendVerification(userId: string, email: string, token: string) {
    const language = await auth.users.textLanguage(userId);
    const prefix = language === 'fr' ? '/fr' : '';
    const link = `${publicUrl}${prefix}/career/verify-email?token=${encodeURIComponent(token)}`;
    const text = verificationMail[language];
    await sendVerificationMail(mail, { to: email, language, link, text });
  }

  function newToken() {
    const token = randomBytes(32).toString('base64url');
    return {
      token,
      emailTokenHash: hashToken(token),
      emailTokenExpiresAt: new Date(Date.now() + verificationLifetimeMs),
    };
  }

  async function viewsOf(db: Db, applicationId: string) {
    const rows = await db
      .select({ viewerName: careerResumeViews.viewerName, viewedAt: careerResumeViews.viewedAt })
      .from(careerResumeViews)
      .where(eq(careerResumeViews.applicationId, applicationId))
      .orderBy(desc(careerResumeViews.viewedAt), desc(careerResumeViews.id))
      .limit(200);
    return rows.map((row) => ({ viewerName: row.viewerName, viewedAt: row.viewedAt.toISOString() }));
  }

  async function findOwn(db: Db, userId: string) {
    const [row] = await db.select().from(careerApplications).where(eq(careerApplications.userId, userId));
    return row;
  }

  /** The employer must be a verified business on the premium plan (docs/product.md §1, §6); their name is logged on views. */
  async function requireQualifiedEmployer(userId: string) {
    const user = await auth.users.findById(userId);
    if (!user || !user.isVerifiedBusiness || !user.isPremiumEmployer)
      throw forbidden(
        'EMPLOYER_NOT_QUALIFIED',
        'The résumé database is open to verified business accounts on the premium employer plan',
      );
    return user;
  }

  return {
    async prefill(userId: string): Promise<CareerPrefill> {
      const profile = await auth.users.getProfile(userId);
      const addresses = await accounts.addresses.list(userId);
      const address = addresses.find((a) => a.isDefaultShipping) ?? addresses[0];
      return {
        fullName: profile.fullName,
        email: profile.email,
        phoneNumber: profile.phoneNumber,
        street: address?.street ?? '',
        province: address?.province ?? profile.state,
        city: address?.city ?? profile.city ?? '',
        postalCode: address?.postalCode ?? '',
      };
    },

    async getOwn(db: Db, userId: string): Promise<CareerApplication> {
      const row = await findOwn(db, userId);
      if (!row) throw notFound('CAREER_APPLICATION_NOT_FOUND', 'You have no career application');
      return toApplication(row, await viewsOf(db, row.id));
    },

    /** One application per account (the unique key decides); the résumé is stored first and removed on a refusal. */
    async create(db: Db, userId: string, input: CareerApplicationInput, upload: ResumeUpload) {
      const fields = careerApplicationInputSchema.parse(input);
      const resume = await storeResume(upload);
      const { token, ...tokenColumns } = newToken();
      const now = new Date();
      const inserted = await db
        .insert(careerApplications)
        .values({
          id: randomUUID(),
          userId,
          ...fields,
          ...resume,
          ...tokenColumns,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: careerApplications.userId })
        .returning();
      const row = inserted[0];
      if (!row) {
        await storage.delete(resume.resumeKey);
        throw conflict(
          'CAREER_APPLICATION_EXISTS',
          'You have already applied; correct your application instead',
        );
      }
      await sendVerification(userId, row.email, token);
      return toApplication(row, []);
    },

    /** Correction (privacy: right of correction); a new e-mail must be verified again, a new résumé replaces the file. */
    async update(db: Db, userId: string, input: CareerApplicationInput, upload: ResumeUpload | null) {
      const fields = careerApplicationInputSchema.parse(input);
      const resume = upload ? await storeResume(upload) : null;
      let verification: string | null = null;
      let oldKey: string | null = null;
      let row: ApplicationRow;
      try {
        row = await withTransaction(db, async (tx) => {
          const [current] = await tx
            .select()
            .from(careerApplications)
            .where(eq(careerApplications.userId, userId))
            .for('update');
          if (!current) throw notFound('CAREER_APPLICATION_NOT_FOUND', 'You have no career application');
          const emailChanged = current.email !== fields.email;
          const tokenColumns = emailChanged ? newToken() : null;
          verification = tokenColumns?.token ?? null;
          oldKey = resume ? current.resumeKey : null;
          const [updated] = await tx
            .update(careerApplications)
            .set({
              ...fields,
              ...(resume ?? {}),
              ...(tokenColumns
                ? {
                    emailVerifiedAt: null,
                    emailTokenHash: tokenColumns.emailTokenHash,
                    emailTokenExpiresAt: tokenColumns.emailTokenExpiresAt,
                  }
                : {}),
              updatedAt: new Date(),
            })
            .where(eq(careerApplications.id, current.id))
            .returning();
          return updated!;
        });
      } catch (error) {
        if (resume) await storage.delete(resume.resumeKey);
        throw error;
      }
      if (oldKey) await storage.delete(oldKey);
      if (verification) await sendVerification(userId, row.email, verification);
      return toApplication(row, await viewsOf(db, row.id));
    },

    /**
     * Withdrawal (privacy: deletion, withdrawal of consent): the résumé file, then the application and its view
     * log, under the row's lock. Nothing to withdraw is fine: withdrawing twice answers the same.
     */
    async withdraw(db: Db, userId: string): Promise<void> {
      await withTransaction(db, async (tx) => {
        const [current] = await tx
          .select()
          .from(careerApplications)
          .where(eq(careerApplications.userId, userId))
          .for('update');
        if (!current) return;
        await storage.delete(current.resumeKey);
        await tx.delete(careerApplications).where(eq(careerApplications.id, current.id));
      });
    },

    /** A link is used once, within 24 hours; a wrong, expired or already used link is the same 400. */
    async verifyEmail(db: Db, token: string): Promise<void> {
      const [row] = await db
        .update(careerApplications)
        .set({ emailVerifiedAt: new Date(), emailTokenHash: null, emailTokenExpiresAt: null })
        .where(
          and(
            eq(careerApplications.emailTokenHash, hashToken(token)),
            gt(careerApplications.emailTokenExpiresAt, new Date()),
          ),
        )
        .returning({ id: careerApplications.id });
      if (!row)
        throw badRequest(
          'CAREER_VERIFICATION_INVALID',
          'This link is not valid: it was copied incorrectly, has expired or was already used',
        );
    },

    /** A new link for the own unverified application. */
    async resendVerification(db: Db, userId: string): Promise<void> {
      const { token, ...tokenColumns } = newToken();
      const [row] = await db
        .update(careerApplications)
        .set(tokenColumns)
        .where(and(eq(careerApplications.userId, userId), sql`${careerApplications.emailVerifiedAt} IS NULL`))
        .returning({ email: careerApplications.email });
      if (!row) throw conflict('CAREER_EMAIL_ALREADY_VERIFIED', 'There is no unverified application e-mail');
      await sendVerification(userId, row.email, token);
    },

    async ownResume(db: Db, userId: string): Promise<ResumeDownload> {
      const row = await findOwn(db, userId);
      if (!row) throw notFound('CAREER_APPLICATION_NOT_FOUND', 'You have no career application');
      return { key: row.resumeKey, filename: row.resumeFilename };
    },

    requireQualifiedEmployer,

    /** The résumé database: verified applications only, filtered, newest first. */
    async search(db: Db, employerId: string, query: ResumeSearchFilters): Promise<ResumeSearchResponse> {
      await requireQualifiedEmployer(employerId);
      const { page, pageSize } = query;
      const conditions: SQL[] = [sql`${careerApplications.emailVerifiedAt} IS NOT NULL`];
      if (query.jobCategory) conditions.push(eq(careerApplications.jobCategory, query.jobCategory));
      if (query.province) conditions.push(eq(careerApplications.province, query.province));
      if (query.city)
        conditions.push(sql`careers_fold(${careerApplications.city}) = careers_fold(${query.city})`);
      if (query.q)
        conditions.push(
          sql`search_doc @@ (plainto_tsquery('english'::regconfig, careers_fold(${query.q})) || plainto_tsquery('french'::regconfig, careers_fold(${query.q})))`,
        );
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(careerApplications)
          .where(where)
          .orderBy(desc(careerApplications.createdAt), desc(careerApplications.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(careerApplications).where(where),
      ]);
      return { items: rows.map(toSearchItem), total: Number(totals[0]?.n ?? 0), page, pageSize };
    },

    /** An employer opens a résumé: qualified employers only (anyone else gets a 404), verified applications only; the view is logged. */
    async employerResume(db: Db, employerId: string, applicationId: string): Promise<ResumeDownload> {
      const employer = await requireQualifiedEmployer(employerId).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 403)
          throw notFound('CAREER_APPLICATION_NOT_FOUND', 'No such application');
        throw error;
      });
      const [row] = await db
        .select()
        .from(careerApplications)
        .where(
          and(
            eq(careerApplications.id, applicationId),
            sql`${careerApplications.emailVerifiedAt} IS NOT NULL`,
          ),
        );
      if (!row) throw notFound('CAREER_APPLICATION_NOT_FOUND', 'No such application');
      await db.insert(careerResumeViews).values({
        applicationId: row.id,
        viewerUserId: employer.id,
        viewerName: employer.fullName,
        viewedAt: new Date(),
      });
      const extension = row.resumeFilename.split('.').pop() ?? 'pdf';
      return { key: row.resumeKey, filename: downloadName(`${row.fullName} résumé`, extension) };
    },
  };
}

export type CareersService = ReturnType<typeof createCareersService>;

/** Thrown for a résumé upload that is not multipart or lacks its parts. */
export const badUpload = (message: string) => new AppError(400, 'CAREER_FORM_INVALID', message);
