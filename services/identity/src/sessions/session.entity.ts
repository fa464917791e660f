import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'sessions' })
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  sid: string;

  @Column({ type: 'jsonb' })
  sess: SessionData;

  @Index('sessions_expire_idx')
  @Column({ type: 'timestamptz' })
  expire: Date;
}

/** What a session holds. Before sign-in it carries the OIDC state; after, the user id. */
export interface SessionData {
  userId?: string;
  signedInAt?: string;
  /** Where to send the browser after sign-in. */
  returnTo?: string;
  /** passport-openidconnect keeps its state and nonce under its own key. */
  [key: string]: unknown;
}
