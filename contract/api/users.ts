/**
 * The member's account answers as their route schemas declare them (server/users/account.schemas.ts): the login,
 * register and settings screens and the session watcher read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { sessionDetail, userSchema } from '../../server/users/account.schemas.ts';

/** The member's user object, as GET v1/user/{id} and GET v1/check answer it (check: null once the account is gone). */
export type User = Static<typeof userSchema>;
/** What POST v1/login and POST v1/register answer: the session's token and the user object. */
export type Session = Static<typeof sessionDetail>;
