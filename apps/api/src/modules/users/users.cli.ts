import { passwordSchema, usernameSchema } from '@app/shared';
import { type AdminCommand, type CommandContext, UsageError, parseWholeNumber, requireOption } from '../../plugins/admin-command';
import { AppError } from '../../lib/app-error';
import { assertPasswordAllowed } from './password-policy';
import { endUserSessionRows } from '../sessions';
import { hashPassword } from './password';
import { findUserByNameKey, listUsers, updatePasswordHash } from './users.repository';
import { createUsersAdmin } from './users-admin.service';
import { createUser, userNameKey } from './users.service';
import type { UserRow } from './users.table';
import { writeTransaction } from '../../db/unit-of-work';

async function requireUser(context: CommandContext): Promise<UserRow> {
  const name = requireOption(context, 'name');
  const user = await findUserByNameKey(context.database.db, userNameKey(name));
  if (!user) throw new AppError('NOT_FOUND', `No user is named ${name}`);
  return user;
}

function parseYesNo(value: string | undefined, label: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === 'yes') return true;
  if (value === 'no') return false;
  throw new UsageError(`${label} must be yes or no`);
}

function describeUser(user: UserRow): string {
  const flags = [
    user.is_demo ? 'demo' : '',
    user.is_signup_user ? 'signup' : '',
    user.parent_id === -1 ? 'sub-account' : '',
    user.is_change_password ? 'must-change-password' : '',
    user.is_disabled ? 'DISABLED' : '',
  ].filter(Boolean);
  return [
    String(user.id).padStart(6),
    user.user_name.padEnd(20),
    `type ${user.user_type_id}`,
    user.mobile ?? '-',
    flags.join(','),
  ]
    .join('  ')
    .trimEnd();
}

export const userCommands: AdminCommand[] = [
  {
    name: 'user create',
    usage: 'user create --name N --password P --type T [--parent ID] [--mobile M]',
    options: ['name', 'password', 'type', 'parent', 'mobile'],
    playerOption: 'name',
    async run(context) {
      const parent = context.options.parent;
      const userName = requireOption(context, 'name');
      const password = requireOption(context, 'password');
      const userTypeId = parseWholeNumber(requireOption(context, 'type'), '--type');
      const parentId = parent === undefined ? null : parseWholeNumber(parent, '--parent');
      const name = usernameSchema.safeParse(userName);
      if (!name.success) throw new AppError('BAD_REQUEST', name.error.issues[0]?.message ?? 'Invalid username');
      // The same policy as set-password and sign-up: no common password, none built on the name.
      const checked = passwordSchema.safeParse(password);
      if (!checked.success) throw new AppError('BAD_REQUEST', checked.error.issues[0]?.message ?? 'Invalid password');
      assertPasswordAllowed(password, userName);
      const id = await createUser(context.database.db, context.clock, {
        userName,
        password,
        userTypeId,
        parentId,
        mobile: context.options.mobile ?? null,
      });
      context.print(`created user ${context.options.name} with id ${id}`);
    },
  },
  {
    name: 'user set-password',
    usage: 'user set-password --name N --password P [--must-change yes|no]  (default yes: the player picks a new one at login)',
    options: ['name', 'password', 'must-change'],
    playerOption: 'name',
    async run(context) {
      const user = await requireUser(context);
      const password = requireOption(context, 'password');
      const mustChange = parseYesNo(context.options['must-change'], '--must-change', true);
      const checked = passwordSchema.safeParse(password);
      if (!checked.success) throw new AppError('BAD_REQUEST', checked.error.issues[0]?.message ?? 'Invalid password');
      assertPasswordAllowed(password, user.user_name);
      const passwordHash = await hashPassword(password);
      const { db } = context.database;
      await writeTransaction(db, async (trx) => {
        await updatePasswordHash(trx, user.id, passwordHash, { mustChangePassword: mustChange });
        // A new password ends every session of the user.
        await endUserSessionRows(trx, user.id, context.clock.now(), 'password_changed');
      });
      context.print(
        `password of ${user.user_name} set; sessions ended${mustChange ? '; they must change it at their next login' : ''}`,
      );
    },
  },
  {
    name: 'user disable',
    usage: "user disable --name N  (ends the user's sessions and blocks login)",
    options: ['name'],
    playerOption: 'name',
    async run(context) {
      const user = await requireUser(context);
      const { wasDisabled } = await createUsersAdmin(context.database.db, context.clock).setDisabled(user.user_name, true);
      context.audit({ target: `user:${user.user_name}`, before: { disabled: wasDisabled }, after: { disabled: true } });
      context.print(`disabled ${user.user_name}; their sessions are ended`);
    },
  },
  {
    name: 'user enable',
    usage: 'user enable --name N',
    options: ['name'],
    playerOption: 'name',
    async run(context) {
      const user = await requireUser(context);
      const { wasDisabled } = await createUsersAdmin(context.database.db, context.clock).setDisabled(user.user_name, false);
      context.audit({ target: `user:${user.user_name}`, before: { disabled: wasDisabled }, after: { disabled: false } });
      context.print(`enabled ${user.user_name}`);
    },
  },
  {
    name: 'user list',
    usage: 'user list [--demo yes|no]  (demo accounts are hidden unless --demo yes)',
    options: ['demo'],
    async run(context) {
      const withDemo = parseYesNo(context.options.demo, '--demo', false);
      const users = (await listUsers(context.database.db)).filter((user) => withDemo || !user.is_demo);
      context.print(`${'id'.padStart(6)}  ${'name'.padEnd(20)}  type    mobile  flags`);
      for (const user of users) context.print(describeUser(user));
      context.print(`${users.length} user${users.length === 1 ? '' : 's'}`);
    },
  },
];
