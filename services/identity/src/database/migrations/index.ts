import { CreateUsersSessionsImages1732320000000 } from './1732320000000-create-users-sessions-images.js';
import { UsersKeyedByIssuerSubject1764500000000 } from './1764500000000-users-keyed-by-issuer-subject.js';
import { UploadQuotaDays1797400030000 } from './1797400030000-upload-quota-days.js';
import { YourData1797900000000 } from './1797900000000-your-data.js';
import { TermsAcceptances1798000080000 } from './1798000080000-terms-acceptances.js';
import { UserTimeZone1798000130000 } from './1798000130000-user-time-zone.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [
  CreateUsersSessionsImages1732320000000,
  UsersKeyedByIssuerSubject1764500000000,
  UploadQuotaDays1797400030000,
  YourData1797900000000,
  TermsAcceptances1798000080000,
  UserTimeZone1798000130000,
];
