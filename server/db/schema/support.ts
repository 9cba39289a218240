import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';

/** Help requests from the support form (/helpsupport, addLibSup). */
export const supportRequests = pgTable('support_requests', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  message: text('message').notNull(),
  libraryId: integer('library_id'),
  userId: integer('user_id'),
  ...timestamps,
});

/** Requests from organisations through /contact-us. */
export const contactRequests = pgTable('contact_requests', {
  id: serial('id').primaryKey(),
  emailId: text('email_id').notNull(),
  userName: text('user_name').notNull(),
  message: text('message').notNull(),
  institutionName: text('institution_name').notNull(),
  designation: text('designation').notNull(),
  mobile: text('mobile').notNull(),
  ...timestamps,
});
