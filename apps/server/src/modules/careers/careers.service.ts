import type { CareersDeps } from './careers.types';
import { createApplication } from './operations/create-application';
import { getOwnApplication } from './operations/get-own-application';
import { getOwnResume } from './operations/get-own-resume';
import { getPrefill } from './operations/get-prefill';
import { openEmployerResume } from './operations/open-employer-resume';
import { requireQualifiedEmployer } from './operations/require-qualified-employer';
import { resendVerification } from './operations/resend-verification';
import { searchResumes } from './operations/search-resumes';
import { updateApplication } from './operations/update-application';
import { verifyApplicationEmail } from './operations/verify-application-email';
import { withdrawApplication } from './operations/withdraw-application';

export type * from './careers.types';
export { badUpload } from './careers.present';

/**
 * Careers: an applicant's one application and its private résumé, the application's e-mail
 * verification by link, and the résumé database for verified premium employers, whose every résumé view is logged.
 * Each method is one file in `operations/` (decision 310's Drizzle style, like the orders module's split); the
 * operations that store files, send links or check the employer get the module's dependencies.
 */
export function createCareersService(deps: CareersDeps) {
  return {
    prefill: getPrefill.bind(null, deps),
    getOwn: getOwnApplication,
    create: createApplication.bind(null, deps),
    update: updateApplication.bind(null, deps),
    withdraw: withdrawApplication.bind(null, deps),
    verifyEmail: verifyApplicationEmail,
    resendVerification: resendVerification.bind(null, deps),
    ownResume: getOwnResume,
    requireQualifiedEmployer: requireQualifiedEmployer.bind(null, deps),
    search: searchResumes.bind(null, deps),
    employerResume: openEmployerResume.bind(null, deps),
  };
}

export type CareersService = ReturnType<typeof createCareersService>;
