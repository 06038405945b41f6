import type { Generated } from 'kysely';
import type { Role } from '../../shared/api/accounts';

/** Table shapes as Kysely sees them. Ids are text, instants ISO-8601 UTC text, money integer pence. */
export interface UsersTable {
  id: string;
  email: string;
  /** The e-mail trimmed and lower-cased: unique, so one address cannot register twice in another case. */
  email_key: string;
  password_hash: string;
  role: Role;
  /** Raised on a password reset or a forced sign-out; tokens carry it and older ones stop working. */
  token_version: Generated<number>;
  first_name: string;
  last_name: string;
  qualifications: string | null;
  workplace: string | null;
  job_title: string | null;
  grad_year: number | null;
  addr_line1: string | null;
  addr_line2: string | null;
  addr_city: string | null;
  addr_post: string | null;
  phone_no: string | null;
  tier_index: number | null;
  /** Calendar dates YYYY-MM-DD. */
  registered_date: string | null;
  last_renewed_date: string | null;
  created_at: string;
}

export interface StringsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface ImagesTable {
  id: string;
  mime: 'image/png' | 'image/jpeg';
  ext: 'png' | 'jpg';
  data: Buffer;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
  created_by: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  email_key: string;
  ip: string;
  at: string;
}

export interface CommitteeMembersTable {
  id: string;
  name: string;
  role: string;
  /** URL of the photo, usually an uploaded image (/api/images/...). */
  image: string;
  description: string;
  priority: number;
  created_at: string;
  updated_at: string;
}

export interface EventsTable {
  id: string;
  title: string;
  starts_at: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface ArticlesTable {
  id: string;
  title: string;
  dated: string;
  brief: string;
  content: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
}

export interface ArticleCategoriesTable {
  article_id: string;
  category: string;
}

export interface Database {
  users: UsersTable;
  strings: StringsTable;
  images: ImagesTable;
  settings: SettingsTable;
  sign_in_failures: SignInFailuresTable;
  committee_members: CommitteeMembersTable;
  events: EventsTable;
  articles: ArticlesTable;
  article_categories: ArticleCategoriesTable;
}
