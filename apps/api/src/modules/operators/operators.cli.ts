import { OPERATOR_ROLES } from '@app/shared';
import { type AdminCommand, requireOption } from '../../plugins/admin-command';
import { createOperatorsService } from './operators.service';

/** Operators' accounts (docs/operators.md). */
export const operatorCommands: AdminCommand[] = [
  {
    name: 'operator create',
    usage: `operator create --name N --password P --role ${OPERATOR_ROLES.join('|')}   (prints the TOTP secret once)`,
    options: ['name', 'password', 'role'],
    async run(context) {
      const created = await createOperatorsService(context.database.db, context.clock).create({
        name: requireOption(context, 'name'),
        password: requireOption(context, 'password'),
        role: requireOption(context, 'role'),
      });
      context.print(`operator ${created.name} created with the role ${created.role}`);
      context.print(`secret: ${created.secret}`);
      context.print(created.otpauth);
      context.print('Add the secret to an authenticator app (or open the otpauth:// address); it is not shown again.');
      context.audit({ target: `operator:${created.name}`, before: null, after: { name: created.name, role: created.role } });
    },
  },
  {
    name: 'operator list',
    usage: 'operator list',
    async run(context) {
      for (const row of await createOperatorsService(context.database.db, context.clock).list()) {
        const state = Number(row.is_active) === 1 ? 'active' : 'disabled';
        context.print(`${row.name.padEnd(24)} ${row.role.padEnd(8)} ${state}`);
      }
    },
  },
  {
    name: 'operator unlock',
    usage: 'operator unlock --name N   (lifts a lock-out after failed logins, from every address)',
    options: ['name'],
    async run(context) {
      const { name, cleared } = await createOperatorsService(context.database.db, context.clock).unlock(
        requireOption(context, 'name'),
      );
      context.print(`operator ${name} unlocked (${cleared} locked address${cleared === 1 ? '' : 'es'})`);
      context.audit({ target: `operator:${name}`, before: null, after: { unlocked: true } });
    },
  },
  ...(['disable', 'enable'] as const).map((verb): AdminCommand => ({
    name: `operator ${verb}`,
    usage: `operator ${verb} --name N${verb === 'disable' ? '   (ends their console sessions)' : ''}`,
    options: ['name'],
    async run(context) {
      const isActive = verb === 'enable';
      const { name, wasActive } = await createOperatorsService(context.database.db, context.clock).setActive(
        requireOption(context, 'name'),
        isActive,
      );
      context.print(`operator ${name} ${verb}d`);
      context.audit({ target: `operator:${name}`, before: { active: wasActive }, after: { active: isActive } });
    },
  })),
];
