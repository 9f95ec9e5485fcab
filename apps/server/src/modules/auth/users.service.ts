import type { Preferences, Role, UpdatePreferencesRequest } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { addUserRole } from './operations/add-user-role';
import { confirmUserEmail } from './operations/confirm-user-email';
import { createUser } from './operations/create-user';
import { deleteUser } from './operations/delete-user';
import { findUserByEmail, findUserById, findUserByPhone } from './operations/find-user';
import { getTextLanguage } from './operations/get-text-language';
import { getUserPreferences } from './operations/get-user-preferences';
import { getUserProfile } from './operations/get-user-profile';
import { lockUser } from './operations/lock-user';
import { setEmployerStatus } from './operations/set-employer-status';
import { setUserPreferences } from './operations/set-user-preferences';
import { updateUserFields } from './operations/update-user-fields';
import { toProfile } from './users.present';
import type { NewUser, UserFields, UserRow } from './users.types';

export type { NewUser, UserRow } from './users.types';

/**
 * The users table's owner (`app.auth.users`): other modules (accounts, sellers, …) read and change accounts
 * through this service. Each method is one file in `operations/` (decision 310's Drizzle style, like the orders
 * module's split); the methods whose `db` is optional run on the app's database unless given a transaction.
 */
export function createUserService(db: Db) {
  return {
    create: (input: NewUser, database: Db = db) => createUser(database, input),
    lockForUpdate: (id: string, database: Db) => lockUser(database, id),
    deleteAccount: (id: string, phoneNumber: string, database: Db) => deleteUser(database, id, phoneNumber),
    findById: (id: string, database: Db = db) => findUserById(database, id),
    findByEmail: (email: string) => findUserByEmail(db, email),
    findByPhone: (phoneNumber: string) => findUserByPhone(db, phoneNumber),
    getPreferences: (userId: string) => getUserPreferences(db, userId),
    textLanguage: (userId: string, database: Db = db) => getTextLanguage(database, userId),
    setPreferences: (userId: string, patch: UpdatePreferencesRequest) =>
      setUserPreferences(db, userId, patch),
    toProfile: (row: UserRow, preferences: Preferences) => toProfile(row, preferences),
    getProfile: (userId: string) => getUserProfile(db, userId),
    /** Adds a role to the account (no-op when it has it already). */
    addRole: (userId: string, role: Role, database: Db = db) => addUserRole(database, userId, role),
    updateFields: (userId: string, fields: UserFields) => updateUserFields(db, userId, fields),
    setEmployerStatus,
    confirmEmail: (userId: string, email: string) => confirmUserEmail(db, userId, email),
  };
}

export type UserService = ReturnType<typeof createUserService>;
