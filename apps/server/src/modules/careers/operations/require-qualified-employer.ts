import { forbidden } from '../../../plugins/errors';
import type { CareersDeps } from '../careers.types';

/** The employer must be a verified business on the premium plan (docs/product.md §1, §6); their name is logged on views. */
export async function requireQualifiedEmployer(deps: Pick<CareersDeps, 'auth'>, userId: string) {
  const user = await deps.auth.users.findById(userId);
  if (!user || !user.isVerifiedBusiness || !user.isPremiumEmployer)
    throw forbidden(
      'EMPLOYER_NOT_QUALIFIED',
      'The résumé database is open to verified business accounts on the premium employer plan',
    );
  return user;
}
