import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { badRequest } from '../../plugins/errors';

/** A valid Canadian number (+1 with a Canadian area code) in E.164, or a 400 naming the problem. */
export function normalizeCanadianPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value, 'CA');
  if (!parsed || !parsed.isValid()) {
    throw badRequest('PHONE_INVALID', 'Enter a valid phone number', { phoneNumber: 'errors:PHONE_INVALID' });
  }
  if (parsed.country !== 'CA') {
    throw badRequest(
      'PHONE_NOT_CANADIAN',
      'The service is only available in Canada: enter a Canadian phone number',
      {
        phoneNumber: 'errors:PHONE_NOT_CANADIAN',
      },
    );
  }
  return parsed.number;
}
