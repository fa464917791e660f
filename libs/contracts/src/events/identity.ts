/** Events the identity service publishes (on `events:identity`). */

export interface UserRegisteredV1 {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export type UserUpdatedV1 = UserRegisteredV1 & { instagramUrl: string | null };
